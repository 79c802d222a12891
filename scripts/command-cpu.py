#!/usr/bin/env python3
"""The CPU time (or wall time) of GTP commands on the positions of game records.

For every STEP-th position of each record (or the --moves listed), starts
the GTP program ENGINE (a command line) twice: once to load the position
and answer the commands, once to load it alone; the difference in CPU
time is the commands' cost. CPU time, not wall time, so the figures hold
on a loaded machine too. Any GTP program that knows `loadsgf` will do, so
a peer is measured on the same positions.

The default command is `genmove` for the side to move. With a move budget
of 10 ms (`moku gtp --time-ms 10`) it measures what a move spends beyond
what its clock can cut short: every reading that asks the clock stops at
once, and what is left is the work bounded by node counts alone. On a
machine loaded beyond its cores that work takes longer than its CPU time,
and a move whose share is large overruns its budget.

    scripts/command-cpu.py ENGINE RECORD.sgf... [--step N | --moves N,M]
        [--command CMD]...
    e.g. scripts/command-cpu.py "target/release/moku gtp --time-ms 10" GAME.sgf
         scripts/command-cpu.py "gnugo --mode gtp" GAME.sgf --moves 270,290 \
             --command "final_status_list dead"

With --wall it measures the commands' wall time instead, from sending
them to their last answer, in one run of ENGINE a position: a move's time
as a referee sees it (on an idle core, or the figure depends on the load).

Prints one line per position (record, move number, seconds), then the
mean, the largest and the total.
"""

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import time

from gtp_engine import GtpEngine


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(engine, commands):
    """CPU seconds of one run of `engine` answering `commands`."""
    before = child_cpu()
    subprocess.run(
        shlex.split(engine),
        input="".join(c + "\n" for c in commands) + "quit\n",
        text=True,
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return child_cpu() - before


def wall(engine, load, commands):
    """Wall seconds of `commands` answered after `load`, in one run."""
    proc = GtpEngine(shlex.split(engine))
    proc.ask(load)
    start = time.monotonic()
    for c in commands:
        proc.ask(c)
    seconds = time.monotonic() - start
    proc.close()
    return seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", help="the GTP program's command line")
    ap.add_argument("records", nargs="+")
    ap.add_argument("--step", type=int, default=10)
    ap.add_argument("--moves", help="move numbers, comma-separated, instead of --step")
    ap.add_argument("--command", action="append", help="a GTP command (repeatable); default genmove")
    ap.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
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
            if args.wall:
                cpu = wall(args.engine, load, commands)
            else:
                with_move = run(args.engine, [load] + commands)
                alone = run(args.engine, [load])
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
