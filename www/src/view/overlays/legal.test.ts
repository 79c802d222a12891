import { strict as assert } from "node:assert";
import { test } from "node:test";
import { legalPoints } from "./legal.js";

test("the legal points are the 1s of the map, row by row from the top-left", () => {
  // 3x3:  1 0 1 / 0 0 0 / 0 1 0
  const map = Uint8Array.from([1, 0, 1, 0, 0, 0, 0, 1, 0]);
  assert.deepEqual(legalPoints(map, 3), [
    { x: 0, y: 0 },
    { x: 2, y: 0 },
    { x: 1, y: 2 },
  ]);
  assert.deepEqual(legalPoints(new Uint8Array(4), 2), []);
});
