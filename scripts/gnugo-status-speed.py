#!/usr/bin/env python3
"""GNU Go 3.8 reading the status of every dragon on every position of whole
19x19 records: the peer beside moku's analysis in scripts/bench-status.sh.

    python3 scripts/gnugo-status-speed.py [--gnugo PATH] FILE.sgf ...

- "new position": `loadsgf FILE k` (not timed), then `dragon_status` for
  every dragon (timed), for every k;
- "after one move": `loadsgf FILE 1`, then the record's moves one `play` at
  a time (not timed), each followed by `dragon_status` (timed).

`dragon_status` with no argument makes GNU Go examine the position
(dragons, eyes, owl reading of every dragon it thinks unsettled) and list
each dragon's status: the work moku's analysis does for its status
overlay. It prints the median, the 95th percentile and the slowest
position in milliseconds, in the same format as
examples/analysis_speed.rs. GNU Go 3.8 stops on an internal assertion in
a few positions (seen: the end of FSF-neurogo.sgf, `move_reasons.c:348`);
such a position is left out of the figures and counted, and a new GNU Go
goes on from the next one.
"""
import argparse
import math
import re
import time

from gtp_engine import GtpEngine, Stopped

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def main_line_moves(text):
    """The (colour, GTP vertex) of each move of a record without variations."""
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1)) if "SZ[" in text else 19
    moves = []
    for color, value in re.findall(r";\s*([BW])\[([a-z]{0,2})\]", text):
        if value in ("", "tt") and not (value == "tt" and size > 19):
            moves.append((color, "pass"))
        else:
            x, y = ord(value[0]) - ord("a"), ord(value[1]) - ord("a")
            moves.append((color, f"{COLUMNS[x]}{size - y}"))
    return moves


def timed(gtp, command):
    """Milliseconds `command` took, or None when GNU Go stopped in it (it
    is then started again, with an empty board)."""
    t0 = time.perf_counter()
    try:
        gtp.ask(command)
    except (Stopped, BrokenPipeError):
        gtp.restart()
        return None
    return (time.perf_counter() - t0) * 1000.0


def summary(ms):
    v = sorted(ms)
    rank = lambda q: v[min(len(v), max(1, math.ceil(q * len(v)))) - 1]
    return rank(0.5), rank(0.95), v[-1]


def report(name, positions, new, step):
    n, s = summary(new), summary(step)
    print(
        f"{name}: {positions} positions; new position median {n[0]:.1f} ms, p95 {n[1]:.1f} ms, "
        f"max {n[2]:.1f} ms; after one move median {s[0]:.1f} ms, p95 {s[1]:.1f} ms, max {s[2]:.1f} ms",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    gtp = GtpEngine([args.gnugo, "--mode", "gtp"])
    all_new, all_step = [], []
    stops = 0
    for f in args.files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            moves = main_line_moves(fh.read())
        new = []
        for k in range(1, len(moves) + 2):
            gtp.ask(f"loadsgf {f} {k}")
            new.append(timed(gtp, "dragon_status"))
        gtp.ask(f"loadsgf {f} 1")
        step = [timed(gtp, "dragon_status")]
        for j, (color, vertex) in enumerate(moves, start=1):
            if step[-1] is None:
                # A new GNU Go: the position before move j, from the file.
                gtp.ask(f"loadsgf {f} {j}")
            gtp.ask(f"play {color} {vertex}")
            step.append(timed(gtp, "dragon_status"))
        stops += new.count(None) + step.count(None)
        new = [t for t in new if t is not None]
        step = [t for t in step if t is not None]
        report(f, len(moves) + 1, new, step)
        all_new += new
        all_step += step
    report("all records", len(all_new), all_new, all_step)
    if stops:
        print(f"GNU Go stopped on an assertion {stops} times; those positions are left out", flush=True)
    gtp.ask("quit")


if __name__ == "__main__":
    main()
