#!/usr/bin/env bash
# Playouts and tree-search simulations inside wasm (Node) beside the same
# work natively, in one run: microseconds per playout of each and their
# ratio (the figures of docs/performance.md, "Playouts in wasm and
# natively").
#
#   scripts/bench-playouts.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --release --locked --example playout_speed --example search_speed
cargo build --profile wasm-release --locked --target wasm32-unknown-unknown -p moku-bench-wasm
pkg="$target_dir/bench-wasm-pkg"
mkdir -p "$pkg"
wasm-bindgen --target nodejs --out-dir "$pkg" \
  "$target_dir/wasm32-unknown-unknown/wasm-release/moku_bench_wasm.wasm"
node bench-wasm/run.mjs "$pkg" \
  "$target_dir/release/examples/playout_speed" \
  "$target_dir/release/examples/search_speed" "${1:-3}"
