#!/usr/bin/env python3
"""Capturing-race and margin figures of a match's records, moku's side.

usage: python3 scripts/races.py DIR [DIR...]

DIR holds the SGF files a GTP referee wrote (`match.py --sgf-dir`, see
"The referee" in docs/strength.md; moku is the engine whose PB or PW
starts with "moku"). Per directory: games and wins / draws / losses; counted wins, those by exactly 2 points (the
smallest win with komi 7) and the median winning margin; then for losses,
wins and draws: the games whose last position (and position at move 200)
has a moku string of 5 stones or more with at most two liberties, and the
captures of two moku stones or more (how many, and the stones).
The 19x19 figures of 2026-11-27 in docs/strength.md were counted with it.
"""
import os, re, sys

def parse(path):
    s = open(path, encoding='utf-8').read()
    size = int(re.search(r'SZ\[(\d+)\]', s).group(1))
    pb = re.search(r'PB\[([^\]]*)\]', s).group(1)
    res = re.search(r'RE\[([^\]]*)\]', s).group(1)
    body = s[s.index(';', s.index(';') + 1):]
    moves = re.findall(r';([BW])\[([a-s]{0,2})\]', body)
    return size, pb, res, moves

def neighbours(p, n):
    x, y = p
    for q in ((x-1,y),(x+1,y),(x,y-1),(x,y+1)):
        if 0 <= q[0] < n and 0 <= q[1] < n:
            yield q

def chain(board, p, n):
    c = board[p]; seen = {p}; libs = set(); st = [p]
    while st:
        q = st.pop()
        for r in neighbours(q, n):
            v = board.get(r)
            if v is None: libs.add(r)
            elif v == c and r not in seen: seen.add(r); st.append(r)
    return seen, libs

def play(board, col, p, n):
    board[p] = col
    opp = 'W' if col == 'B' else 'B'
    captured = 0
    for r in neighbours(p, n):
        if board.get(r) == opp:
            s, l = chain(board, r, n)
            if not l:
                for q in s: del board[q]
                captured += len(s)
    s, l = chain(board, p, n)
    if not l:
        for q in s: del board[q]
    return captured

def weak_big(board, col, n):
    seen = set()
    for p, c in list(board.items()):
        if c == col and p not in seen:
            s, l = chain(board, p, n); seen |= s
            if len(s) >= 5 and len(l) <= 2:
                return True
    return False

def analyse(path):
    n, pb, res, moves = parse(path)
    me = 'B' if pb.startswith('moku') else 'W'
    board = {}; captures = 0; captured_stones = 0; at200 = None
    for i, (col, xy) in enumerate(moves):
        if i == 200: at200 = weak_big(board, me, n)
        if not xy or xy == 'tt' and n <= 19: continue
        p = (ord(xy[0]) - 97, ord(xy[1]) - 97)
        if col != me:
            before = {q for q, c in board.items() if c == me}
            play(board, col, p, n)
            lost = before - {q for q, c in board.items() if c == me}
            if len(lost) >= 2:
                captures += 1; captured_stones += len(lost)
        else:
            play(board, col, p, n)
    end = weak_big(board, me, n)
    won = res.startswith(me + '+'); draw = res in ('0', 'Draw', 'Jigo')
    margin = None
    m = re.match(r'[BW]\+(\d+(?:\.\d+)?)$', res)
    if m: margin = float(m.group(1))
    return dict(won=won, draw=draw, end=end, at200=at200, captures=captures,
                stones=captured_stones, margin=margin, moves=len(moves))

for d in sys.argv[1:]:
    rows = [analyse(os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith('.sgf')]
    W = [r for r in rows if r['won']]; D = [r for r in rows if r['draw']]
    L = [r for r in rows if not r['won'] and not r['draw']]
    print(f"{d}: {len(rows)} games, {len(W)}/{len(D)}/{len(L)}, score {(len(W)+len(D)/2)/max(1,len(rows)):.3f}")
    print(f"  wins counted {sum(r['margin'] is not None for r in W)}, by exactly 2: {sum(r['margin']==2 for r in W)}, median margin {sorted([r['margin'] for r in W if r['margin'] is not None] or [0])[len([r for r in W if r['margin'] is not None])//2]}")
    for name, g in (('losses', L), ('wins', W), ('draws', D)):
        if not g: continue
        print(f"  {name}: weak 5+ string at end {sum(r['end'] for r in g)}/{len(g)}, at move 200 {sum(bool(r['at200']) for r in g)}/{sum(r['at200'] is not None for r in g)}, strings of 2+ captured {sum(r['captures'] for r in g)} ({sum(r['stones'] for r in g)} stones), mean length {sum(r['moves'] for r in g)/len(g):.0f}")
