#!/usr/bin/env python3
"""Plays moku against itself on one GTP process and prints the moves.

One `moku gtp --seed S --level L` process answers `genmove b` and
`genmove w` in turn on an empty board until two passes in a row, a
resignation or MAX_MOVES moves. The output, one move a line, is the game
record to compare byte for byte: at a fixed seed and level the engine is
deterministic, so a change that must not alter behaviour must leave these
records identical.

    scripts/selfplay.py MOKU SEED LEVEL [SIZE] > game.txt
    e.g. scripts/selfplay.py target/release/moku 1 6 9
"""
import subprocess
import sys

# A 9x9 game rarely lasts beyond 150 moves; the cap keeps a game that
# does from running long.
MAX_MOVES = 150


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: selfplay.py MOKU SEED LEVEL [SIZE]")
    moku, seed, level = sys.argv[1], sys.argv[2], sys.argv[3]
    size = sys.argv[4] if len(sys.argv) > 4 else "9"
    proc = subprocess.Popen(
        [moku, "gtp", "--seed", seed, "--level", level],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(command):
        """The answer to `command`: its first line without the `=`; the
        commands sent here answer on one line, then a blank one."""
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        first = proc.stdout.readline()
        while proc.stdout.readline().strip():
            pass
        if not first.startswith("="):
            sys.exit(f"{command!r} failed: {first.strip() or 'no answer'}")
        return first[1:].strip()

    send(f"boardsize {size}")
    send("clear_board")
    passes = 0
    for n in range(MAX_MOVES):
        color = "b" if n % 2 == 0 else "w"
        move = send(f"genmove {color}")
        print(f"{color} {move}", flush=True)
        if move.lower() == "resign":
            break
        passes = passes + 1 if move.lower() == "pass" else 0
        if passes == 2:
            break
    send("quit")
    proc.wait()


if __name__ == "__main__":
    main()
