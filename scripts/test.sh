#!/usr/bin/env bash
# Sets everything up and runs every test: the Rust tests (unit, property,
# integration, doc), lints, the benchmarks' build, and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "[test] cargo fmt --check"
cargo fmt --all -- --check
echo "[test] cargo clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings
echo "[test] cargo clippy, wasm32 (src/web compiles only there)"
cargo clippy --locked --lib --target wasm32-unknown-unknown -- -D warnings
echo "[test] cargo doc (no broken or private links in the public docs)"
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --no-deps --quiet
echo "[test] cargo test"
cargo test --locked --workspace
echo "[test] GNU Go regression suites, every floor (release)"
cargo test --locked --release -p moku-regress --test floors
echo "[test] cargo bench --no-run (benchmarks compile)"
cargo bench --locked --no-run 2>&1 | tail -n 1
if [ -x scripts/test-web.sh ]; then
  echo "[test] browser tests"
  scripts/test-web.sh
fi
echo "[test] all tests passed"
