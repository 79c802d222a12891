#!/usr/bin/env bash
# Runs a GTP engine with a seed of its own: appends `--seed N` to the
# command, N counting up from 1 through COUNTER (a file, under a lock), so
# that a referee starting engines afresh for every game (`match.py
# --fresh-engines`) gets a different game each time. moku and GNU Go both
# take `--seed N`.
#
#   scripts/seeded.sh COUNTER COMMAND [ARGS...]
#   e.g. --black "scripts/seeded.sh out/moku.seed target/release/moku gtp --level 6"
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: scripts/seeded.sh COUNTER COMMAND [ARGS...]" >&2
  exit 2
fi
counter=$1
shift
n=$(flock "$counter.lock" sh -c 'n=$(cat "$1" 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" > "$1"; echo "$n"' sh "$counter")
exec "$@" --seed "$n"
