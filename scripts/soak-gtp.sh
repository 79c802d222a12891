#!/usr/bin/env bash
# The long run of the GTP program: N games of `moku gtp` against a random
# player (or GNU Go) under a GTP referee (match.py), then a report of
# crashes, illegal moves, error answers, answers over the time budget, and
# the engine's memory over the run. Run by hand (not in CI): 1,000 games
# take hours.
#
#   REFEREE_DIR=/path/to/referee scripts/soak-gtp.sh   # 1,000 games on 9x9 against randombot.py
#   SOAK_GAMES=20 scripts/soak-gtp.sh                   # a short check
#   SOAK_OPPONENT=gnugo scripts/soak-gtp.sh
#
# Settings (environment):
#   SOAK_GAMES     games to play (1000)
#   SOAK_SIZE      board size, 9, 13 or 19 (9)
#   SOAK_BUDGET    seconds allowed per genmove (1.0); an answer slower than
#                  the budget by more than 10% is a timeout: the referee
#                  counts it and the game is lost
#   SOAK_ENGINE    moku's command line, at a fast level
#                  ("target/release/moku gtp --time-ms MS", MS the budget:
#                  the referee sends no time_settings, so the engine is
#                  told its budget this way; add the level here)
#   SOAK_OPPONENT  random or gnugo (random)
#   SOAK_JOBS      games in parallel (1; the machine has two cores)
#   SOAK_OUT       folder for the referee's JSON, the games' SGF and the
#                  memory samples (soak-out)
#   REFEREE_DIR    the folder that holds match.py (the referee) and
#                  randombot.py (the random player); they are not part of
#                  this repository (docs/strength.md, "The referee").
#                  Required.
#
# Exit status: 0 when no game had a crash, an illegal move, an error
# answer or a timeout from moku; 1 otherwise; 2 when the soak cannot run
# (no genmove, no referee).
set -euo pipefail
cd "$(dirname "$0")/.."

games=${SOAK_GAMES:-1000}
size=${SOAK_SIZE:-9}
budget=${SOAK_BUDGET:-1.0}
budget_ms=$(awk -v b="$budget" 'BEGIN { printf "%d", b * 1000 }')
engine=${SOAK_ENGINE:-target/release/moku gtp --time-ms $budget_ms}
opponent=${SOAK_OPPONENT:-random}
jobs=${SOAK_JOBS:-1}
out=${SOAK_OUT:-soak-out}
tools=${REFEREE_DIR:-}
if [ -z "$tools" ]; then
  echo "soak: REFEREE_DIR is not set: set it to the folder that holds match.py and randombot.py (docs/strength.md, \"The referee\")" >&2
  exit 2
fi
if [ ! -f "$tools/match.py" ]; then
  echo "soak: no match.py in REFEREE_DIR ($tools)" >&2
  exit 2
fi
case "$opponent" in
  random) opponent_cmd="python3 $tools/randombot.py --seed 1" ;;
  gnugo) opponent_cmd="/usr/games/gnugo --mode gtp --quiet --level 1" ;;
  *) echo "soak: SOAK_OPPONENT is random or gnugo, not '$opponent'" >&2; exit 2 ;;
esac

cargo build --release --locked --quiet
# The soak needs the engine's move generator.
if ! printf 'known_command genmove\nquit\n' | $engine | grep -q '^= true'; then
  echo "soak: '$engine' does not offer genmove yet: the soak needs the engine" >&2
  exit 2
fi

mkdir -p "$out"
timeout=$(python3 -c "print(round($budget * 1.1, 3))")
echo "[soak] $games games, ${size}x$size, moku ($engine) against $opponent," \
  "budget ${budget}s per genmove (timeout ${timeout}s), $jobs at a time"
python3 "$tools/match.py" --black "$engine" --white "$opponent_cmd" \
  --size "$size" --komi 7 --games "$games" --swap --jobs "$jobs" \
  --move-timeout "$timeout" --sgf-dir "$out/sgf" --json "$out/match.json" \
  > "$out/match.log" 2>&1 &
referee=$!

# The memory of moku's processes (children of the referee), every 10 s.
: > "$out/memory.tsv"
while kill -0 "$referee" 2> /dev/null; do
  ps --ppid "$referee" -o pid=,rss=,args= 2> /dev/null |
    awk -v t="$(date +%s)" -v e="${engine%% *}" 'index($0, e) { print t "\t" $1 "\t" $2 }' \
      >> "$out/memory.tsv" || true
  sleep 10
done
wait "$referee" || true
tail -n 25 "$out/match.log"

python3 - "$out/match.json" "$out/memory.tsv" "$budget" << 'EOF'
import json, sys
summary = json.load(open(sys.argv[1]))
budget = float(sys.argv[3])
fails = summary["failures"]["A"]
times = [t for g in summary["games"] for t in g["times"].get("A", [])]
over = [t for t in times if t > budget]
print("[soak] games played: %d" % summary["games_played"])
print("[soak] moku: %d crashes, %d illegal moves, %d error answers, %d timeouts (over %.2f s)"
      % (fails["crash"], fails["illegal"], fails["error"], fails["timeout"], budget * 1.1))
if times:
    print("[soak] genmove: %d answers, %.3f s on average, %.3f s at most, %d over the budget of %.2f s"
          % (len(times), sum(times) / len(times), max(times), len(over), budget))
rows = [line.split("\t") for line in open(sys.argv[2]) if line.strip()]
if rows:
    first, last = int(rows[0][2]), int(rows[-1][2])
    peak = max(int(r[2]) for r in rows)
    print("[soak] moku's memory (RSS): %d KiB at the start, %d KiB at the end, %d KiB at most"
          % (first, last, peak))
bad = fails["crash"] + fails["illegal"] + fails["error"] + fails["timeout"]
sys.exit(1 if bad else 0)
EOF
