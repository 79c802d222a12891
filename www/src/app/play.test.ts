import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { GenmoveResult } from "../../pkg/moku.js";
import { mokuText, moveSentence, searchSentence } from "./play.js";

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
});
