#!/usr/bin/env bash
# Builds the score set: late positions of the real games in
# tests/data/gnugo-regression/games, each with GNU Go 3.8's `final_score`.
#
# A 19x19 game longer than 150 moves gives the position after move 150
# (`loadsgf FILE 151`); a 9x9 game longer than 50 moves the position after
# move 50. GNU Go reads the komi from the record (its default otherwise),
# counts with its default rules (Japanese: territory and prisoners) and
# plays the position out (its aftermath) before it counts.
#
# Usage: tests/data/score-set/make.sh [GNUGO] > tests/data/score-set/positions.tsv
#
# PART=k/n scores only every n-th position from the k-th (so n runs can
# share the work; their outputs, header aside, sorted together are the
# set); SIZE=19 or SIZE=9 keeps one board size.
# It takes about half a minute per position on an idle 2-core machine
# (hours in all on a shared one); GNU Go runs with nice, and a position
# it cannot score within 30 minutes is left out (said on stderr).
# Nothing in the test suite runs this script: the tests read the
# committed positions.tsv.
set -uo pipefail
cd "$(dirname "$0")/../gnugo-regression"
GNUGO="${1:-/usr/games/gnugo}"

gtp() { timeout 1800 nice -n 5 "$GNUGO" --mode gtp --quiet; }

echo "# The score set: file (relative to tests/data/gnugo-regression), the move"
echo "# the position is before (loadsgf's N), board size, komi, GNU Go's final_score."
echo "# Made by tests/data/score-set/make.sh with $("$GNUGO" --version | head -1), rules: japanese."
printf 'file\tmove\tsize\tkomi\tgnugo\n'
# First the eligible positions (quick), 9x9 before 19x19, then the scores.
list=$(find games -name '*.sgf' | LC_ALL=C sort | while read -r f; do
  size=$(printf 'loadsgf %s\nquery_boardsize\nquit\n' "$f" | gtp 2>/dev/null | grep '^=' | sed -n 2p | tr -d '= ')
  case "$size" in
    19) n=151 ;;
    9) n=51 ;;
    *) continue ;;
  esac
  # Eligible when the record has at least one move after the position.
  moves=$(printf 'loadsgf %s %d\nmove_history\nquit\n' "$f" $((n + 1)) | gtp 2>/dev/null | grep -cE '^(= )?(black|white) ')
  [ "${moves:-0}" -ge "$n" ] && printf '%s %s %s\n' "$size" "$n" "$f"
done | LC_ALL=C sort -n -k1,1 -s)
part=${PART:-1/1}
k=${part%/*}
parts=${part#*/}
i=0
echo "$list" | while read -r size n f; do
  i=$((i + 1))
  [ $(((i - k) % parts)) -eq 0 ] || continue
  [ -z "${SIZE:-}" ] || [ "$size" = "$SIZE" ] || continue
  start=$SECONDS
  out=$(printf 'loadsgf %s %d\nget_komi\nfinal_score\nquit\n' "$f" "$n" | gtp 2>/dev/null | grep '^=' | tr -d '=' | sed 's/^ *//')
  komi=$(echo "$out" | sed -n 2p)
  score=$(echo "$out" | sed -n 3p)
  if [ -z "$score" ]; then
    echo "left out: $f (no final_score after $((SECONDS - start)) s)" >&2
    continue
  fi
  echo "$f: $score in $((SECONDS - start)) s" >&2
  printf '%s\t%d\t%s\t%s\t%s\n' "$f" "$n" "$size" "$komi" "$score"
done
