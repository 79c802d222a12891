#!/usr/bin/env bash
# The peer's figure for the score set: GNU Go 3.8's own static estimate
# (`estimate_score`, no play-out) of every position of positions.tsv,
# against the `final_score` the set holds (GNU Go's play-out). Prints one
# line per position, then winner agreement and mean absolute error: the
# same two figures tests/evaluation.rs prints for moku's estimate.
#
# Usage: tests/data/score-set/gnugo-estimate.sh [GNUGO]
# About a minute on an idle 2-core machine. Nothing in the test suite
# runs it.
set -uo pipefail
cd "$(dirname "$0")/../gnugo-regression"
GNUGO="${1:-/usr/games/gnugo}"
margin() { # B+3.5 -> 3.5, W+3.5 -> -3.5, 0 -> 0
  case "$1" in
    B+*) echo "${1#B+}" ;;
    W+*) echo "-${1#W+}" ;;
    *) echo 0 ;;
  esac
}
grep -v '^#' ../score-set/positions.tsv | tail -n +2 |
  while IFS=$'\t' read -r f n _size komi final; do
    est=$(printf 'loadsgf %s %d\nkomi %s\nestimate_score\nquit\n' "$f" "$n" "$komi" |
      timeout 300 "$GNUGO" --mode gtp --quiet 2>/dev/null | grep '^=' | sed -n 3p |
      awk '{print $2}')
    printf '%s\t%s\t%s\n' "$f" "$(margin "$final")" "$(margin "${est:-0}")"
  done |
  awk -F'\t' '{
      n++; err += ($2 > $3 ? $2 - $3 : $3 - $2); agree += (($2 > 0) == ($3 > 0))
      printf "%-50s final_score %+7.1f estimate_score %+7.1f\n", $1, $2, $3
    }
    END { printf "GNU Go estimate_score: %d positions, winner agreement %.1f%% (%d/%d), mean absolute error %.2f points\n", n, 100 * agree / n, agree, n, err / n }'
