import { strict as assert } from "node:assert";
import { test } from "node:test";
import { potentialCells } from "./potential.js";

test("potentials are tinted against the board's largest, stones left out", () => {
  // 2x2: a black stone (potential 100), +50, -20 and 0 on the empty points.
  const potential = Int32Array.from([100, 50, -20, 0]);
  const board = Int8Array.from([1, 0, 0, 0]);
  assert.deepEqual(potentialCells(potential, board, 2), [
    // 50 / 100 * 0.65 = 0.325, dark for Black.
    { x: 1, y: 0, value: 50, fill: "rgba(0,0,0,0.325)" },
    // 20 / 100 * 0.65 = 0.13, light for White.
    { x: 0, y: 1, value: -20, fill: "rgba(255,255,255,0.130)" },
    { x: 1, y: 1, value: 0, fill: "rgba(255,255,255,0.000)" },
  ]);
});
