#!/usr/bin/env python3
"""GNU Go against itself from a position of a record.

    python3 scripts/gnugo-playout.py FILE.sgf MOVE [GNUGO]

Loads FILE up to (not including) move MOVE into GNU Go 3.8 at level 10,
lets it choose for each side in turn until two passes in a row (or a
resignation, or 400 moves), and prints GNU Go's final_score: what an
equal pair of players makes of the position, to set against GNU Go's
estimate_score there. docs/strength.md ("The third run of 36d5001")
used it on four positions of moku's games.
"""
import subprocess, sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, move = sys.argv[1], int(sys.argv[2])
    gnugo = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/gnugo"
    p = subprocess.Popen([gnugo, "--mode", "gtp", "--quiet", "--level", "10"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cmd(c):
        p.stdin.write(c + "\n")
        p.stdin.flush()
        out = []
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit(f"GNU Go stopped after: {c}")
            if line.strip() == "" and out:
                break
            if line.strip():
                out.append(line.strip())
        reply = " ".join(out)
        if reply.startswith("?"):
            sys.exit(f"GNU Go refused '{c}': {reply}")
        return reply

    to_move = cmd(f"loadsgf {path} {move}").split()[-1][0]
    passes = moves = 0
    while passes < 2 and moves < 400:
        mv = cmd(f"genmove {to_move}").split()[-1].lower()
        if mv == "resign":
            print(f"{path} from move {move}: {'Black' if to_move == 'b' else 'White'} resigns after {moves} moves")
            return
        passes = passes + 1 if mv == "pass" else 0
        to_move = "w" if to_move == "b" else "b"
        moves += 1
    print(f"{path} from move {move}: {moves} moves, {cmd('final_score').lstrip('= ')}")
    p.stdin.write("quit\n")
    p.stdin.flush()


if __name__ == "__main__":
    main()
