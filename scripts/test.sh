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
# One optimised build with debug assertions (the `checked` profile) runs
# every test once: unit, property, integration and doc tests, the short run
# of every fuzz target (fuzz/tests/short_run.rs), the GNU Go regression
# floors, the evaluation and the words on real games (the suites that only
# run optimised: `cfg(optimized)`, set by build.rs).
echo "[test] cargo test --profile checked (every test, once, optimised with debug assertions)"
cargo test --locked --workspace --profile checked
echo "[test] the benchmarks build (same profile: they compile and link)"
cargo build --locked --workspace --benches --profile checked
# docs/clients.md's install route, from the build above (same profile and
# target folder, so only the program is linked again).
echo "[test] cargo install --path . (docs/clients.md's install), then the installed moku's --help"
install_root="$(mktemp -d)"
cargo install --locked --quiet --path . --root "$install_root" --target-dir target --profile checked
"$install_root/bin/moku" gtp --help | grep -q "moku analysis"
rm -rf "$install_root"
echo "[test] the GTP session in wasm under Node (bench-wasm/gtp.mjs, as a referee drives it)"
node bench-wasm/gtp-test.mjs "$(scripts/build-gtp-wasm.sh | tail -n 1)"
if [ -x scripts/test-web.sh ]; then
  echo "[test] browser tests"
  scripts/test-web.sh
fi
echo "[test] all tests passed"
