#!/usr/bin/env python3
"""GNU Go's score estimate of a match's games along the way, moku's side.

usage: python3 scripts/estimates.py DIR [GNUGO]

DIR holds the SGF files a GTP referee wrote (`match.py --sgf-dir`, see
"The referee" in docs/strength.md; moku is the engine whose PB or PW
starts with "moku"); GNUGO is GNU Go's binary (default /usr/games/gnugo). For every decided game, GNU Go
(`--level 10`, `estimate_score`) estimates the position after moves 40,
80, 120, 160 and 200 (those the game reached), from moku's side with the
komi: one line a game, then for wins and losses the median estimate at
each move and how many games moku was behind in. About a second an
estimate. The figures of 2026-11-28 in docs/strength.md ("Where the
games turn") were counted with it.
"""
import glob, os, re, statistics, subprocess, sys

MOVES = (40, 80, 120, 160, 200)

def estimates(path, gnugo, moku_black, length):
    points = [m for m in MOVES if m < length]
    cmds = []
    for m in points:
        # `loadsgf FILE N` plays the moves before move N.
        cmds += [f"loadsgf {path} {m + 1}", "estimate_score"]
    out = subprocess.run([gnugo, "--mode", "gtp", "--quiet", "--level", "10"],
                         input="\n".join(cmds) + "\nquit\n",
                         capture_output=True, text=True).stdout
    values = []
    for colour, v in re.findall(r"= ([BW])\+([\d.]+)", out):
        v = float(v) if colour == "B" else -float(v)
        values.append(v if moku_black else -v)
    return dict(zip(points, values))

def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    d = sys.argv[1]
    gnugo = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/gnugo"
    by = {"win": {m: [] for m in MOVES}, "loss": {m: [] for m in MOVES}}
    for path in sorted(glob.glob(os.path.join(d, "*.sgf"))):
        text = open(path, encoding="utf-8").read()
        res = re.search(r"RE\[([^\]]*)\]", text)
        if not res or res.group(1) in ("Void", "0", "Draw"):
            continue
        moku_black = "PB[moku" in text
        won = res.group(1).startswith("B") == moku_black
        length = len(re.findall(r";[BW]\[", text))
        est = estimates(os.path.abspath(path), gnugo, moku_black, length)
        kind = "win" if won else "loss"
        for m, v in est.items():
            by[kind][m].append(v)
        print(os.path.basename(path), f"{kind:4}", length,
              " ".join(f"{m}:{v:+.0f}" for m, v in est.items()), flush=True)
    for kind, label in (("win", "wins"), ("loss", "losses")):
        cols = []
        for m in MOVES:
            vs = by[kind][m]
            if vs:
                behind = sum(v < 0 for v in vs)
                cols.append(f"{m}: median {statistics.median(vs):+.1f}, behind in {behind}/{len(vs)}")
        print(f"{label}: " + "; ".join(cols))

if __name__ == "__main__":
    main()
