#!/usr/bin/env bash
# Builds everything (release, size-optimised wasm; the page) and serves the
# demo page on http://127.0.0.1:${PORT:-8000}/ -- the README's main command.
#
#   scripts/serve.sh            # then open http://127.0.0.1:8000/
#   PORT=9000 scripts/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-web.sh
port=${PORT:-8000}
echo
echo "moku: serving the demo page on http://127.0.0.1:$port/ (Ctrl-C stops)"
echo "      <go-board> example: http://127.0.0.1:$port/examples/embed/   benchmarks: http://127.0.0.1:$port/bench.html"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory www
