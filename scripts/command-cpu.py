#!/usr/bin/env python3
"""The CPU time of GTP commands on the positions of game records.

For every STEP-th position of each record (or the --moves listed), runs
`moku gtp` twice: once to load the position and answer the commands, once
to load it alone; the difference in CPU time is the commands' cost. CPU
time, not wall time, so the figures hold on a loaded machine too.

The default command is `genmove` for the side to move with a move budget
of BUDGET_MS (10 ms): what a move spends beyond what its clock can cut
short. With so small a budget every reading that asks the clock stops at
once, and what is left is the work bounded by node counts alone. On a
machine loaded beyond its cores that work takes longer than its CPU time,
and a move whose share is large overruns its budget.

    scripts/command-cpu.py BINARY RECORD.sgf... [--step N | --moves N,M]
        [--budget-ms MS] [--command CMD]...

Prints one line per position (record, move number, CPU seconds), then the
mean, the largest and the total.
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
    """CPU seconds of one `moku gtp` answering `commands`."""
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
    ap.add_argument("--moves", help="move numbers, comma-separated, instead of --step")
    ap.add_argument("--budget-ms", type=int, default=10)
    ap.add_argument("--command", action="append", help="a GTP command (repeatable); default genmove")
    args = ap.parse_args()
    rows = []
    for path in args.records:
        with open(path, encoding="utf-8", errors="replace") as f:
            moves = len(re.findall(r";\s*[BW]\[", f.read()))
        numbers = (
            [int(m) for m in args.moves.split(",")]
            if args.moves
            else range(args.step, moves, args.step)
        )
        for n in numbers:
            # `loadsgf FILE N + 1` stops before move N + 1: N moves are on
            # the board. The colour asked for is the usual one after N moves
            # (a record with handicap stones may have the other to move:
            # the engine answers for either).
            load = f"loadsgf {os.path.abspath(path)} {n + 1}"
            color = "black" if n % 2 == 0 else "white"
            commands = args.command or [f"genmove {color}"]
            with_move = run(args.binary, args.budget_ms, [load] + commands)
            alone = run(args.binary, args.budget_ms, [load])
            cpu = max(0.0, with_move - alone)
            rows.append((os.path.basename(path), n, cpu))
            print(f"{os.path.basename(path)} move {n}: {cpu:.3f} s", flush=True)
    if not rows:
        sys.exit("no positions")
    worst = max(rows, key=lambda r: r[2])
    mean = sum(r[2] for r in rows) / len(rows)
    total = sum(r[2] for r in rows)
    print(
        f"{len(rows)} positions: mean {mean:.3f} s, largest {worst[2]:.3f} s "
        f"({worst[0]} move {worst[1]}), total {total:.3f} s"
    )


if __name__ == "__main__":
    main()
