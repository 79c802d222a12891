#!/usr/bin/env bash
# The web figures of docs/performance.md: wasm size (raw and gzipped), time to the
# first board drawn on a cold load in headless chromium, and Game.play +
# board() calls per second from JS.
#
#   scripts/bench-web.sh            # builds, then prints the figures
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-web.sh > /dev/null
node www/bench/run.mjs
