#!/usr/bin/env bash
# Life and death on every position of three whole 19x19 records, the
# figures of docs/performance.md ("Life and death on whole games"): moku's
# analysis natively (examples/analysis_speed.rs), the same analysis inside
# wasm through the JS API in Node (www/bench/analysis-speed.mjs), and GNU
# Go 3.8 listing every dragon's status on the same positions
# (scripts/gnugo-status-speed.py; left out when GNU Go is not installed).
# Each prints, per record and over all, the median, 95th percentile and
# slowest position for a new position and after one move.
#
#   scripts/bench-status.sh [FILE.sgf ...]
set -euo pipefail
cd "$(dirname "$0")/.."
games=tests/data/gnugo-regression/games
if [ "$#" -eq 0 ]; then
  set -- "$games/strategy26.sgf" "$games/FSF-neurogo.sgf" "$games/incident278.sgf"
fi
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --release --locked --example analysis_speed
scripts/build-web.sh > /dev/null
echo "== moku, native"
"$target_dir/release/examples/analysis_speed" "$@"
echo "== moku, wasm (Node $(node --version))"
node www/bench/analysis-speed.mjs "$@"
gnugo=${GNUGO:-/usr/games/gnugo}
if [ -x "$gnugo" ]; then
  echo "== $("$gnugo" --version | head -n 1), dragon_status"
  python3 scripts/gnugo-status-speed.py --gnugo "$gnugo" "$@"
else
  echo "== GNU Go not found at $gnugo (set GNUGO): its figures are left out"
fi
