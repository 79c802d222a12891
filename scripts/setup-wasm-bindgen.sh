#!/usr/bin/env bash
# Installs the wasm-bindgen CLI at exactly the version the crate pins
# (Cargo.lock), unless it is there already. Called by scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen CLI at exactly the version the crate pins (Cargo.lock).
# No registry this project can reach publishes it prebuilt, so it is built
# from crates.io, unoptimised (`--debug`): 135 CPU-seconds instead of 428
# for the optimised build, and its output is byte for byte the same (it
# runs about a second per build of the page). `--locked` fails for 0.2.130 (its lock
# file names a webpki-roots the registry no longer offers), hence the
# second try without it.
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "[setup] installing wasm-bindgen-cli $want (about two minutes on a new machine)"
  cargo install wasm-bindgen-cli --version "$want" --debug --locked 2>/dev/null ||
    cargo install wasm-bindgen-cli --version "$want" --debug
fi

