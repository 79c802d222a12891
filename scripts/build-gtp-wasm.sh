#!/usr/bin/env bash
# Builds moku's GTP session for WebAssembly under Node (bench-wasm/gtp.mjs)
# into $CARGO_TARGET_DIR/bench-wasm-pkg (target/bench-wasm-pkg), the package
# scripts/bench-playouts.sh builds too. Then, for example:
#
#   node bench-wasm/gtp.mjs target/bench-wasm-pkg --level 10 --time-ms 1000 --resign
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --profile wasm-release --locked --target wasm32-unknown-unknown -p moku-bench-wasm
pkg="$target_dir/bench-wasm-pkg"
mkdir -p "$pkg"
wasm-bindgen --target nodejs --out-dir "$pkg" \
  "$target_dir/wasm32-unknown-unknown/wasm-release/moku_bench_wasm.wasm"
echo "$pkg"
