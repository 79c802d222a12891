import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { GenmoveResult } from "../../pkg/moku.js";
import { candidateText, graphPoints, mokuText, moveSentence, searchSentence } from "./play.js";

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
  const tree = result({ search: { winrate: 0.566, visits: 1091, playouts: 2000, pv: ["E5", "D4", "C3"] } });
  assert.equal(
    searchSentence(tree),
    "Tree search at level 6: White wins 57% (1,091 of 2,000 playouts went through E5); expected sequence E5 D4 C3.",
  );
  assert.equal(searchSentence(result({ level: 2 })), "Classic search at level 2: 1,234 positions evaluated.");
  const pass = result({ move: "pass", vertex: null, search: { winrate: 0.996, visits: 0, playouts: 8000, pv: ["pass"] } });
  assert.equal(searchSentence(pass), "Tree search at level 6: White's chances 100% after 8,000 playouts.");
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
