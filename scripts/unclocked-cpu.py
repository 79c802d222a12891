#!/usr/bin/env python3
"""The work of a move that its clock does not stop.

For every STEP-th position of each record, runs `moku gtp` twice: once to
load the position and answer `genmove` with a move budget of BUDGET_MS
(10 ms by default), once to load it alone. The difference in CPU time is
what the move spent beyond what its clock can cut short: with so small a
budget, every reading that asks the clock stops at once, and what is left
is the work bounded by node counts alone. On a machine loaded beyond its
cores that work takes longer than its CPU time, and a move whose share is
large overruns its budget.

    scripts/unclocked-cpu.py BINARY RECORD.sgf... [--step N] [--budget-ms MS]

Prints one line per position (record, move number, CPU seconds), then the
mean and the largest. CPU time, not wall time, so the figures hold on a
loaded machine too.
"""

import argparse
import os
import re
import resource
import subprocess
import sys


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(binary, budget_ms, commands):
    before = child_cpu()
    subprocess.run(
        [binary, "gtp", "--level", "10", "--time-ms", str(budget_ms), "--seed", "1"],
        input="".join(c + "\n" for c in commands) + "quit\n",
        text=True,
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return child_cpu() - before


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("records", nargs="+")
    ap.add_argument("--step", type=int, default=10)
    ap.add_argument("--budget-ms", type=int, default=10)
    args = ap.parse_args()
    rows = []
    for path in args.records:
        with open(path, encoding="utf-8", errors="replace") as f:
            moves = len(re.findall(r";\s*[BW]\[", f.read()))
        for n in range(args.step, moves, args.step):
            # `loadsgf FILE N + 1` stops before move N + 1: N moves are on
            # the board. The colour asked for is the usual one after N moves
            # (a record with handicap stones may have the other to move:
            # the engine answers for either).
            load = f"loadsgf {os.path.abspath(path)} {n + 1}"
            color = "black" if n % 2 == 0 else "white"
            with_move = run(args.binary, args.budget_ms, [load, f"genmove {color}"])
            alone = run(args.binary, args.budget_ms, [load])
            cpu = max(0.0, with_move - alone)
            rows.append((os.path.basename(path), n, cpu))
            print(f"{os.path.basename(path)} move {n}: {cpu:.3f} s", flush=True)
    if not rows:
        sys.exit("no positions")
    worst = max(rows, key=lambda r: r[2])
    mean = sum(r[2] for r in rows) / len(rows)
    print(f"{len(rows)} positions: mean {mean:.3f} s, largest {worst[2]:.3f} s ({worst[0]} move {worst[1]})")


if __name__ == "__main__":
    main()
