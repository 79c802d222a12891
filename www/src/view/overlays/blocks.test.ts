import { strict as assert } from "node:assert";
import { test } from "node:test";
import { blockOutlines } from "./blocks.js";

test("a one-point block is outlined by the four edges around its point", () => {
  // 3x3 with block 1 (black) on the centre only.
  const ids = Uint16Array.from([0, 0, 0, 0, 1, 0, 0, 0, 0]);
  const paths = blockOutlines(ids, [{ color: "black" }], 3);
  assert.deepEqual([...paths], [["black", "M0.5 0.5H1.5M0.5 1.5H1.5M0.5 0.5V1.5M1.5 0.5V1.5"]]);
});

test("two points of one block share no edge, and each colour gets its own path", () => {
  // 2x2: block 1 (black) on the top row, block 2 (white) on the bottom left.
  const ids = Uint16Array.from([1, 1, 2, 0]);
  const paths = blockOutlines(ids, [{ color: "black" }, { color: "white" }], 2);
  // (0,0): top, bottom, left (its right neighbour is the same block).
  // (1,0): top, bottom, right.
  assert.equal(
    paths.get("black"),
    "M-0.5 -0.5H0.5M-0.5 0.5H0.5M-0.5 -0.5V0.5" + "M0.5 -0.5H1.5M0.5 0.5H1.5M1.5 -0.5V0.5",
  );
  assert.equal(paths.get("white"), "M-0.5 0.5H0.5M-0.5 1.5H0.5M-0.5 0.5V1.5M0.5 0.5V1.5");
});
