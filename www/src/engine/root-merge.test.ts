import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { CandidateInfo, GenmoveResult } from "../../pkg/moku.js";
import { mergeRootResults } from "./root-merge.js";

const cand = (
  move: string,
  visits: number | null,
  winrate: number | null,
  reason = `${move} reason`,
  lead = 0,
): CandidateInfo => ({
  move,
  vertex: { x: move.charCodeAt(0) - 65, y: 9 - Number(move.slice(1)) },
  moku: 1,
  searched: true,
  reasons: [{ kind: "shape", text: reason, moku: 0 }],
  visits,
  samples: visits,
  winrate,
  scoreLead: visits === null ? null : lead,
  scoreLeadError: visits === null ? null : 1,
  pv: visits === null ? [] : [move],
});

const tree = (move: string, candidates: CandidateInfo[], playouts: number, nodes = 100): GenmoveResult => {
  const own = candidates.find((c) => c.move === move);
  return {
    color: "white",
    move,
    vertex: move === "pass" || move === "resign" ? null : { x: move.charCodeAt(0) - 65, y: 9 - Number(move.slice(1)) },
    reasons: [{ kind: "search", text: `reasons of a worker that chose ${move}`, moku: 0 }],
    candidates,
    scoreEstimate: 0,
    nodes,
    level: 6,
    search: {
      winrate: own?.winrate ?? 0.5,
      visits: own?.visits ?? 0,
      samples: own?.samples ?? 0,
      scoreLead: own?.scoreLead ?? 0,
      ownership: [],
      playouts,
      rootPlayouts: playouts,
      pv: [move, "D4"],
      lead: 0,
    },
  };
};

test("one answer, or a classic one, comes back unchanged", () => {
  const a = tree("E5", [cand("E5", 600, 0.6)], 1000);
  assert.equal(mergeRootResults([a]), a);
  const classic = { ...a, search: null };
  assert.equal(mergeRootResults([classic, a]), classic);
  assert.throws(() => mergeRootResults([]), RangeError);
});

test("the playouts through a move add up over the trees and its win rate is their weighted mean", () => {
  // Worker 1 prefers E5 (600 of 1000), worker 2 prefers C3 (500) but also
  // tried E5 (300): E5 has 900 playouts in all against C3's 700.
  const w1 = tree("E5", [cand("E5", 600, 0.6, "E5 reason", 2), cand("C3", 200, 0.5), cand("G7", null, null)], 1000, 10);
  const w2 = tree("C3", [cand("C3", 500, 0.55), cand("E5", 300, 0.45, "E5 reason", -1)], 1000, 20);
  const m = mergeRootResults([w1, w2]);
  assert.equal(m.move, "E5");
  assert.equal(m.reasons[0]?.text, "reasons of a worker that chose E5");
  assert.deepEqual(
    m.candidates.map((c) => [c.move, c.visits]),
    [
      ["E5", 900],
      ["C3", 700],
      ["G7", null],
    ],
  );
  // (600 × 0.6 + 300 × 0.45) / 900 = 0.55; (200 × 0.5 + 500 × 0.55) / 700 = 0.5357...
  assert.ok(Math.abs((m.candidates[0]?.winrate ?? 0) - 0.55) < 1e-9);
  assert.ok(Math.abs((m.candidates[1]?.winrate ?? 0) - 375 / 700) < 1e-9);
  assert.equal(m.search?.playouts, 2000);
  assert.equal(m.search?.rootPlayouts, 2000);
  assert.equal(m.search?.visits, 900);
  assert.ok(Math.abs((m.search?.winrate ?? 0) - 0.55) < 1e-9);
  // The score lead is the mean over the playouts too: (600 × 2 + 300 × -1) / 900 = 1.
  assert.equal(m.candidates[0]?.samples, 900);
  assert.ok(Math.abs((m.candidates[0]?.scoreLead ?? 0) - 1) < 1e-9);
  assert.equal(m.search?.samples, 900);
  assert.ok(Math.abs((m.search?.scoreLead ?? 0) - 1) < 1e-9);
  // Its standard error is that of the same mean: each tree's error (1
  // point) times its playouts, in quadrature, over all the playouts:
  // sqrt(600² + 300²) / 900 = 0.745...
  assert.ok(Math.abs((m.candidates[0]?.scoreLeadError ?? 0) - Math.sqrt(600 ** 2 + 300 ** 2) / 900) < 1e-9);
  // A tree that gave no error leaves the merged one unknown.
  const w3 = tree("E5", [{ ...cand("E5", 100, 0.5), scoreLeadError: null }], 100);
  assert.equal(mergeRootResults([w1, w2, w3]).candidates[0]?.scoreLeadError, null);
  assert.deepEqual(m.search?.pv, ["E5", "D4"]);
  assert.equal(m.nodes, 30);
});

test("the move is one a worker chose, so its reasons are a chooser's", () => {
  // G7 has the most playouts in all (250 + 250) but no worker chose it:
  // the answer is the chosen move with the most playouts, C3 (400 + 50).
  const w1 = tree("E5", [cand("E5", 300, 0.5), cand("G7", 250, 0.5), cand("C3", 50, 0.5)], 600);
  const w2 = tree("C3", [cand("C3", 400, 0.5), cand("G7", 250, 0.5)], 650);
  const m = mergeRootResults([w1, w2]);
  assert.equal(m.move, "C3");
  assert.equal(m.reasons[0]?.text, "reasons of a worker that chose C3");
  assert.equal(m.candidates[0]?.move, "G7");
});

test("a pass or a resignation needs more than half of the workers", () => {
  const pass = tree("pass", [cand("E5", 10, 0.1)], 1000);
  const play = tree("E5", [cand("E5", 900, 0.4)], 1000);
  assert.equal(mergeRootResults([pass, play]).move, "E5");
  assert.equal(mergeRootResults([pass, pass, play]).move, "pass");
  const resign = tree("resign", [cand("E5", 10, 0.01)], 1000);
  assert.equal(mergeRootResults([resign, resign, play]).move, "resign");
  assert.equal(mergeRootResults([resign, pass, play]).move, "pass");
  assert.equal(mergeRootResults([resign, pass, pass, play, resign]).move, "pass");
});
