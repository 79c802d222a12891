import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { GenmoveResult, WhyNotResult } from "../../pkg/moku.js";
import { candidateLabel, candidateText, graphPoints, mokuText, moveSentence, otherCandidates, searchSentence, whyNotText } from "./play.js";

const result = (over: Partial<GenmoveResult>): GenmoveResult => ({
  color: "white",
  move: "E5",
  vertex: { x: 4, y: 4 },
  reasons: [],
  candidates: [],
  scoreEstimate: 0,
  nodes: 1234,
  level: 6,
  search: null,
  ...over,
});

test("moves and values read as a person writes them", () => {
  assert.equal(mokuText(4.54), "+4.5 moku");
  assert.equal(mokuText(-0.25), "−0.3 moku");
  assert.equal(moveSentence(result({})), "moku (White) played E5.");
  assert.equal(moveSentence(result({ move: "pass", vertex: null, color: "black" })), "moku (Black) passes.");
  assert.equal(moveSentence(result({ move: "resign", vertex: null })), "moku (White) resigns.");
});

test("the search sentence gives the win rate, the visits and the expected sequence", () => {
  const tree = result({ search: { winrate: 0.566, visits: 1091, playouts: 2000, pv: ["E5", "D4", "C3"], lead: 0 } });
  assert.equal(
    searchSentence(tree),
    "Tree search at level 6: White wins 57% (1,091 of 2,000 playouts went through E5); expected sequence E5 D4 C3.",
  );
  assert.equal(searchSentence(result({ level: 2 })), "Classic search at level 2: 1,234 positions evaluated.");
  const pass = result({ move: "pass", vertex: null, search: { winrate: 0.996, visits: 0, playouts: 8000, pv: ["pass"], lead: 0 } });
  assert.equal(searchSentence(pass), "Tree search at level 6: White's chances 100% after 8,000 playouts.");
  // A kept lead: the win rate is of wins by more than it.
  const ahead = result({ search: { winrate: 0.71, visits: 1912, playouts: 2400, pv: ["E5"], lead: 6 } });
  assert.equal(searchSentence(ahead), "Tree search at level 6: White wins by more than 6 points in 71% (1,912 of 2,400 playouts went through E5).");
});

test("a candidate's hover text gives its value, its win rate and its sequence", () => {
  const c = {
    move: "C3",
    vertex: { x: 2, y: 6 },
    moku: 4.5,
    searched: true,
    reasons: [{ kind: "save", text: "saves a stone at C4 from capture (+4.5 moku)", moku: 4.5 }],
    visits: 312,
    winrate: 0.481,
    pv: ["C3", "D3", "D2"],
  };
  assert.equal(
    candidateText(2, c, "white"),
    "2. C3: +4.5 moku, White wins 48% of 312 playouts: saves a stone at C4 from capture (+4.5 moku) (point at it: the expected sequence C3 D3 D2)",
  );
  assert.equal(candidateText(1, { ...c, moku: null, reasons: [], visits: null, winrate: null, pv: [] }, "black"), "1. C3: not valued by the classic engine");
  // The panel's line for it is the start of the same text: no reasons, no sequence.
  assert.equal(candidateLabel(2, c, "white"), "2. C3: +4.5 moku, White wins 48% of 312 playouts");
  assert.equal(candidateLabel(3, { ...c, visits: null, winrate: null }, "black"), "3. C3: +4.5 moku");
});

test("the win-rate graph puts Black's 100% at the top and the moves across", () => {
  assert.equal(
    graphPoints(
      [
        { moveNumber: 2, black: 0.5 },
        { moveNumber: 4, black: 0.25 },
      ],
      4,
      200,
      50,
    ),
    "100.0,25.0 200.0,37.5",
  );
});

test("why not here? on a numbered mark uses the page's own list: its rank and its playouts", () => {
  const cand = (move: string, x: number, visits: number, winrate: number, moku: number) => ({ move, vertex: { x, y: 0 }, moku, searched: false, reasons: [], visits, winrate, pv: [move] });
  const r = result({
    move: "B9",
    vertex: { x: 1, y: 0 },
    // Merged over workers: the list is the page's, the chosen move second by this list's order.
    candidates: [cand("A9", 0, 700, 0.5, 1.5), cand("B9", 1, 900, 0.55, 3.5), cand("C9", 2, 300, 0.45, -2.04)],
    search: { winrate: 0.55, visits: 900, playouts: 2000, pv: ["B9"], lead: 0 },
  });
  // The chosen move is left out: C9 is the page's mark 2.
  assert.deepEqual(
    otherCandidates(r).map((c) => c.move),
    ["A9", "C9"],
  );
  const w: WhyNotResult = {
    verdict: "considered",
    // The worker that answered ranked it by its own tree.
    text: "C9 ranks 5 among the engine's candidates: ...",
    rank: 4,
    moku: -2.04,
    // Its own choice, not the merged list's B9.
    bestMoku: 4.25,
    reasons: [{ kind: "territory", text: "gives up territory and influence (-2.0 moku)", moku: -2.04 }],
    visits: 120,
    winrate: 0.4,
  };
  const c = otherCandidates(r)[1];
  assert.ok(c);
  assert.equal(
    whyNotText("C9", w, c, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 playouts (White wins 45%) against 900 for its move, and it is worth -2.0 moku against +3.5: gives up territory and influence (-2.0 moku).",
  );
  // The worker chose C9 in its own tree: on the board it is still mark 2.
  assert.equal(
    whyNotText("C9", { ...w, verdict: "chosen", rank: 0, bestMoku: -2.04 }, c, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 playouts (White wins 45%) against 900 for its move, and it is worth -2.0 moku against +3.5: gives up territory and influence (-2.0 moku).",
  );
  // Without the search's figures (a classic level) the engine's own text stands.
  assert.equal(whyNotText("C9", w, { ...c, visits: null, winrate: null }, 2, r), null);
  assert.equal(whyNotText("C9", { ...w, verdict: "illegal" }, c, 2, r), null);
});
