#!/usr/bin/env bash
# Sets everything up and runs every test: the Rust tests (unit, property,
# integration, doc, and a short run of each fuzz target), lints, the
# benchmarks' build, and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-wasm-bindgen
start=$SECONDS
wasm_log="$(mktemp)"
# Each step's line says how far into the run it starts.
step() { echo "[test] $(( SECONDS - start ))s: $*"; }

# The wasm build of the GTP session (and of the page, which shares it) is
# one codegen unit with link-time optimisation, mostly one core for a
# minute, and on a new machine the wasm-bindgen CLI is built first (two
# CPU-minutes); the page's build then shrinks the module with wasm-opt
# (half a minute on one core) and bundles the TypeScript. All of it runs
# in the background beside the Rust steps, which leave a core idle at
# times. It builds in a target folder of its own: cargo locks a target
# folder while it builds there, so sharing one would queue the background
# build behind the steps it is meant to run beside.
bg_target="${CARGO_TARGET_DIR:-$PWD/target}/background"
step "in the background: the wasm-bindgen CLI if missing, the wasm build, then the page's build (its log: $wasm_log)"
(export CARGO_TARGET_DIR="$bg_target"
  scripts/setup-wasm-bindgen.sh && scripts/build-gtp-wasm.sh && scripts/build-web.sh) > "$wasm_log" 2>&1 &
wasm_build=$!
# A failing step ends the run: the background build goes with it.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings
step "cargo clippy, wasm32 (src/web and bench-wasm compile only there)"
cargo clippy --locked --lib --target wasm32-unknown-unknown -p moku -p moku-bench-wasm -- -D warnings
step "cargo doc (no broken or private links in the public docs)"
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --no-deps --quiet
# One optimised build with debug assertions (the `checked` profile) runs
# every test once: unit, property, integration and doc tests, the short run
# of every fuzz target (fuzz/tests/short_run.rs), the GNU Go regression
# floors, the evaluation and the words on real games (the suites that only
# run optimised: `cfg(optimized)`, set by build.rs).
step "cargo test --profile checked (every test, once, optimised with debug assertions)"
cargo test --locked --workspace --profile checked
step "the benchmarks build (same profile: they compile and link)"
cargo build --locked --workspace --benches --profile checked
# docs/clients.md's install route, from the build above (same profile,
# target folder and features: Cargo.toml names the one dependency whose
# features the dev-dependencies widen, so nothing is compiled again).
step "cargo install --path . (docs/clients.md's install), then the installed moku's --help"
install_root="$(mktemp -d)"
cargo install --locked --quiet --path . --root "$install_root" --target-dir target --profile checked
"$install_root/bin/moku" gtp --help | grep -q "moku analysis"
rm -rf "$install_root"
step "the background builds' end (wasm and the page)"
if ! wait "$wasm_build"; then
  cat "$wasm_log"
  echo "[test] the background build (wasm or the page) failed" >&2
  exit 1
fi
step "the GTP session in wasm under Node (bench-wasm/gtp.mjs, as a referee drives it)"
node bench-wasm/gtp-test.mjs "$bg_target/bench-wasm-pkg"
step "browser tests (the page built in the background above)"
MOKU_WEB_BUILT=1 scripts/test-web.sh
step "all tests passed"
