#!/usr/bin/env python3
"""How the review's verdicts compare with GNU Go's valuation of the same moves.

    scripts/review-calibration.py games DIR [--games 12] [--size 9]
        plays moku against itself (level 6 against level 2, colours
        alternating, fresh seeds) and writes the records into DIR;
    scripts/review-calibration.py measure DIR [--gnugo gnugo] [--level 3]
                                          [--cache FILE] [--rows FILE]
                                          [--oracle top_moves|score]
        reviews every record of DIR with `moku review --json` and asks GNU Go
        level 10 for its top moves (`top_moves_black`/`top_moves_white`)
        before every move, then prints how often the review calls a mistake
        or a blunder the moves GNU Go values 10 points or more below its best,
        and the moves it values within a point of its best. With --cache,
        GNU Go's answers are read from FILE (JSON) where it has them and the
        new ones are added to it, so that review levels can be compared on
        the same valuation without asking GNU Go again.

With `--oracle top_moves` (the default) a move's value is GNU Go's move
value. It is known when the move is among its ten top moves; a move missing
from a list whose tenth move is already 10 or more below the best is 10 or
more below it too. Other moves are left out.

GNU Go's move values are not point differences (on 9x9 it values moves
above 80), so `--oracle score` values in points instead: GNU Go's best move
(the first of its top moves) and the move played are each played and the
position after it scored by GNU Go's `estimate_score`; the loss is the
difference, from the mover's side (none when the move played is GNU Go's
best, and none when it scores better). That takes two estimates, about a
second each, a move.

Needs GNU Go (`apt-get install gnugo`) and a release build (`cargo build
--release`).
"""

import argparse
import json
import os
import subprocess
import sys

from gtp_engine import GtpEngine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOKU = os.path.join(ROOT, "target", "release", "moku")
COLUMNS = "ABCDEFGHJKLMNOPQRST"


def sgf_point(v, size):
    col = COLUMNS.index(v[0].upper())
    row = size - int(v[1:])
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[row]


def play_games(out, games, size):
    os.makedirs(out, exist_ok=True)
    for g in range(games):
        strong = ["--level", "6", "--time-ms", "300"]
        weak = ["--level", "2"]
        black, white = (strong, weak) if g % 2 == 0 else (weak, strong)
        engines = {}
        for color, args in (("B", black), ("W", white)):
            e = GtpEngine([MOKU, "gtp"] + args)
            e.ask(f"boardsize {size}")
            e.ask("komi 7")
            e.ask(f"moku_seed {1000 + 2 * g + (color == 'W')}")
            engines[color] = e
        moves, passes, color = [], 0, "B"
        while passes < 2 and len(moves) < 3 * size * size:
            mv = engines[color].ask(f"genmove {color}")
            other = "W" if color == "B" else "B"
            if mv.lower() == "resign":
                break
            engines[other].ask(f"play {color} {mv}")
            moves.append((color, mv))
            passes = passes + 1 if mv.lower() == "pass" else 0
            color = other
        for e in engines.values():
            e.close()
        body = "".join(f";{c}[{'' if m.lower() == 'pass' else sgf_point(m, size)}]" for c, m in moves)
        path = os.path.join(out, f"game{g + 1:02d}.sgf")
        with open(path, "w") as f:
            level = lambda args: args[1]
            f.write(f"(;GM[1]FF[4]SZ[{size}]KM[7]RU[Chinese]PB[moku level {level(black)}]PW[moku level {level(white)}]{body})\n")
        print(f"{path}: {len(moves)} moves", file=sys.stderr)


def load_cache(path):
    if path and os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {}


def margin(estimate):
    """GNU Go's `estimate_score` answer as a margin, Black positive."""
    word = estimate.split()[0]
    if word in ("0", "0.0"):
        return 0.0
    side, points = word.split("+")
    return float(points) if side == "B" else -float(points)


def score_loss(gg, path, number, color, best, played):
    """The points `played` loses against GNU Go's `best` by its estimate."""
    gg.ask(f"loadsgf {path} {number}")
    after = {}
    for mv in (best, played):
        gg.ask(f"play {color} {mv}")
        after[mv] = margin(gg.ask("estimate_score"))
        gg.ask("undo")
    side = 1.0 if color == "black" else -1.0
    return side * (after[best] - after[played])


def write_row(rows, path, m, loss):
    """One compared move's row, when rows are kept."""
    if rows:
        rows.write(f"{os.path.basename(path)}\t{m['number']}\t{loss:.2f}\t{m['loss']}\t{m['verdict']}\t"
                   f"{m['withinNoise']}\t{m['preferredWinrate'] - m['playedWinrate']:.3f}\n")


def measure(folder, gnugo, level, rows_path=None, cache_path=None, oracle="top_moves"):
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".sgf"))
    cache = load_cache(cache_path)
    rows = open(rows_path, "w") if rows_path else None
    if rows:
        rows.write("file\tnumber\tgnugo_loss\tloss\tverdict\twithin_noise\twinrate_drop\n")
    big, big_flagged, near, near_flagged = 0, 0, 0, 0

    def tally(loss, flagged):
        """Counts a move GNU Go values `loss` below its best."""
        nonlocal big, big_flagged, near, near_flagged
        if loss >= 10:
            big += 1
            big_flagged += flagged
        elif loss <= 1:
            near += 1
            near_flagged += flagged

    for path in files:
        review = json.loads(subprocess.run([MOKU, "review", path, "--json", "--level", str(level)],
                                           check=True, capture_output=True, text=True).stdout)
        gg = None
        for m in review["moves"]:
            if m["played"] == "pass":
                continue
            color = m["color"]
            key = f"{os.path.basename(path)} {m['number']} {color}"
            if key not in cache:
                if gg is None:
                    gg = GtpEngine([gnugo, "--mode", "gtp", "--level", "10"])
                gg.ask(f"loadsgf {path} {m['number']}")
                cache[key] = gg.ask(f"top_moves_{color}")
            words = cache[key].split()
            tops = [(words[i].upper(), float(words[i + 1])) for i in range(0, len(words) - 1, 2)]
            if not tops:
                continue
            best = tops[0][1]
            value = dict(tops).get(m["played"].upper())
            flagged = m["verdict"] in ("mistake", "blunder")
            if oracle == "score":
                played = m["played"].upper()
                if played == tops[0][0]:
                    loss = 0.0
                else:
                    skey = f"{key} score"
                    if skey not in cache:
                        if gg is None:
                            gg = GtpEngine([gnugo, "--mode", "gtp", "--level", "10"])
                        try:
                            cache[skey] = score_loss(gg, path, m["number"], color, tops[0][0], played)
                        except RuntimeError:
                            # A move GNU Go refuses (a ko it counts otherwise): not valued.
                            cache[skey] = None
                    if cache[skey] is None:
                        continue
                    loss = max(0.0, cache[skey])
                write_row(rows, path, m, loss)
                tally(loss, flagged)
                continue
            if value is None:
                if len(tops) == 10 and best - tops[-1][1] >= 10:
                    big += 1
                    big_flagged += flagged
                    value = tops[-1][1]
                else:
                    continue
            loss = best - value
            write_row(rows, path, m, loss)
            if value == tops[-1][1] and m["played"].upper() not in dict(tops):
                continue
            tally(loss, flagged)
        if gg is not None:
            gg.close()
        if cache_path:
            with open(cache_path, "w") as f:
                json.dump(cache, f, indent=0, sort_keys=True)
        print(f"{path}: so far {big_flagged}/{big} and {near_flagged}/{near}", file=sys.stderr)
    pct = lambda a, b: 100.0 * a / b if b else 0.0
    valuation = "scores (estimate_score after each)" if oracle == "score" else "values (top_moves)"
    print(f"review level {level}, {len(files)} records, GNU Go level 10's {valuation}: moves 10 points or more below its best "
          f"called a mistake or blunder: {big_flagged} of {big} ({pct(big_flagged, big):.1f}%); moves within a point "
          f"of its best called a mistake or blunder: {near_flagged} of {near} ({pct(near_flagged, near):.1f}%)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["games", "measure"])
    ap.add_argument("dir")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--gnugo", default="gnugo")
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--rows", help="write one row per move compared (TSV) to this file")
    ap.add_argument("--cache", help="GNU Go's top moves, read from and added to this JSON file")
    ap.add_argument("--oracle", choices=["top_moves", "score"], default="top_moves",
                    help="GNU Go's move values, or its score estimates after its best move and the move played")
    a = ap.parse_args()
    if a.what == "games":
        play_games(a.dir, a.games, a.size)
    else:
        measure(a.dir, a.gnugo, a.level, a.rows, a.cache, a.oracle)


if __name__ == "__main__":
    main()
