#!/usr/bin/env python3
"""How often moku's status of a stone agrees with GNU Go 3.8's, stone by
stone, on positions of whole-game records.

    python3 scripts/status-agreement.py [--moku BIN] [--gnugo PATH]
        [--moves 100,150,200] FILE.sgf ...

For each record and each move number k that the record reaches, both
programs load the position before move k (`loadsgf FILE k`); moku answers
`moku_status` (one status code a point), GNU Go `dragon_status V` for
every stone (`list_stones`). A stone agrees when both give the same
status (alive, critical, dead or seki). It prints one line a position,
then the total and a table of the pairs that disagree (rows moku, columns
GNU Go), in stones. GNU Go is a peer, not an oracle: its dragons are
bigger than moku's (it joins strings that its connection reading and
patterns hold together), and some of its statuses a strong player
disputes too; the table says where the two differ, not who is right.
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp_engine import GtpEngine  # noqa: E402

# moku_status's codes (`Status::code`).
MOKU = {1: "alive", 2: "critical", 3: "dead", 4: "seki", 5: "unknown"}
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def moku_statuses(engine):
    """Vertex -> status from `moku_status`'s board (top row first)."""
    rows = [r.split() for r in engine.ask("moku_status").splitlines() if r.strip()]
    size = len(rows)
    out = {}
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            code = abs(int(code))
            if code:
                out[f"{COLUMNS[x]}{size - y}"] = MOKU[code]
    return out


def gnugo_statuses(engine):
    """Vertex -> status from `dragon_status` of every stone."""
    out = {}
    for colour in ("black", "white"):
        for v in engine.ask(f"list_stones {colour}").split():
            out[v] = engine.ask(f"dragon_status {v}").split()[0]
    return out


def moves_in(path):
    """The moves of a record's main line (records of games: no variations)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    return len(re.findall(r";\s*[BW]\[", text))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moku", default="target/release/moku")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--moves", default="100,150,200")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    moku = GtpEngine([a.moku, "gtp"])
    gnugo = GtpEngine([a.gnugo, "--mode", "gtp", "--quiet"])
    pairs = collections.Counter()
    agree = total = 0
    for path in a.files:
        for k in (int(m) for m in a.moves.split(",")):
            if k > moves_in(path):
                continue
            moku.ask(f"loadsgf {path} {k}")
            gnugo.ask(f"loadsgf {path} {k}")
            m, g = moku_statuses(moku), gnugo_statuses(gnugo)
            if set(m) != set(g):
                sys.exit(f"{path} {k}: the two programs hold different boards")
            same = sum(m[v] == g[v] for v in m)
            for v in m:
                pairs[(m[v], g[v])] += 1
            agree += same
            total += len(m)
            print(f"{os.path.basename(path)} {k}: {same}/{len(m)} stones agree")
    moku.close()
    gnugo.close()
    if not total:
        sys.exit("no position was read")
    print(f"all: {agree}/{total} stones agree ({100 * agree / total:.1f}%)")
    names = ["alive", "critical", "dead", "seki"]
    print("moku \\ GNU Go " + " ".join(f"{n:>8}" for n in names))
    for r in names:
        print(f"{r:>13} " + " ".join(f"{pairs[(r, c)]:>8}" for c in names))


if __name__ == "__main__":
    main()
