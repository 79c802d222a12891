import { strict as assert } from "node:assert";
import { test } from "node:test";
import { dangerCells } from "./danger.js";

test("endangered points are tinted by moku at stake and name their block", () => {
  // 2x2: block 1 (white) in danger of 5 moku on two points, noise (0.01) on a third.
  const danger = Float32Array.from([-5, -5, 0.01, 0]);
  const ids = Uint16Array.from([1, 1, 2, 0]);
  const blocks = [
    { id: 1, color: "white" as const },
    { id: 2, color: "black" as const },
  ];
  const cells = dangerCells(danger, ids, blocks, 2);
  assert.deepEqual(
    cells.map(({ x, y, title }) => ({ x, y, title })),
    [
      { x: 0, y: 0, title: "White block 1: danger 5.0 moku" },
      { x: 1, y: 0, title: "White block 1: danger 5.0 moku" },
    ],
  );
  // 0.12 + 5 / 25 = 0.32.
  assert.ok(Math.abs((cells[0]?.alpha ?? 0) - 0.32) < 1e-6);
  // Much danger is capped at 0.7.
  assert.equal(dangerCells(Float32Array.from([40]), Uint16Array.from([1]), blocks, 1)[0]?.alpha, 0.7);
});
