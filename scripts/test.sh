#!/usr/bin/env bash
# Sets everything up and runs every test: the Rust tests (unit, property,
# integration, doc, and a short run of each fuzz target), lints, the
# benchmarks' build, and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "[test] cargo fmt --check"
cargo fmt --all -- --check
echo "[test] cargo clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings
echo "[test] cargo clippy, wasm32 (src/web and bench-wasm compile only there)"
cargo clippy --locked --lib --target wasm32-unknown-unknown -p moku -p moku-bench-wasm -- -D warnings
echo "[test] cargo doc (no broken or private links in the public docs)"
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --no-deps --quiet
echo "[test] cargo test (with the short run of every fuzz target: fuzz/tests/short_run.rs)"
cargo test --locked --workspace
echo "[test] GNU Go regression suites, every floor (release)"
cargo test --locked --release -p moku-regress --test floors
echo "[test] the evaluation on real games: the score set against GNU Go, danger and status on every position, the self-check (release)"
cargo test --locked --release --test evaluation
echo "[test] the words on real games: every reason against its predicate, every review sentence's arithmetic (release)"
cargo test --locked --release --test words
echo "[test] cargo install --path . (docs/clients.md's install), then the installed moku's --help"
install_root="$(mktemp -d)"
cargo install --locked --quiet --path . --root "$install_root" --target-dir target
"$install_root/bin/moku" gtp --help | grep -q "moku analysis"
rm -rf "$install_root"
echo "[test] cargo bench --no-run (benchmarks compile)"
cargo bench --locked --no-run 2>&1 | tail -n 1
echo "[test] the GTP session in wasm under Node (bench-wasm/gtp.mjs, as a referee drives it)"
node bench-wasm/gtp-test.mjs "$(scripts/build-gtp-wasm.sh | tail -n 1)"
if [ -x scripts/test-web.sh ]; then
  echo "[test] browser tests"
  scripts/test-web.sh
fi
echo "[test] all tests passed"
