#!/usr/bin/env bash
# Sets everything up and runs the main program: builds the wasm engine and
# the demo page and serves it on http://127.0.0.1:${PORT:-8000}/.
# (The GTP engine: `cargo run --release -- gtp`.)
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/serve.sh "$@"
