import { strict as assert } from "node:assert";
import { test } from "node:test";
import { starPoints } from "./board-view.js";

test("star points are the ones printed boards mark: five on 9x9 and 13x13, nine on 19x19", () => {
  const key = (size: number): string[] => starPoints(size).map((v) => `${v.x},${v.y}`);
  assert.deepEqual(key(9), ["2,2", "6,2", "2,6", "6,6", "4,4"]);
  assert.deepEqual(key(13), ["3,3", "9,3", "3,9", "9,9", "6,6"]);
  assert.deepEqual(key(19), ["3,3", "9,3", "15,3", "3,9", "9,9", "15,9", "3,15", "9,15", "15,15"]);
  assert.deepEqual(key(8), ["2,2", "5,2", "2,5", "5,5"]);
  assert.deepEqual(key(5), []);
});
