import { strict as assert } from "node:assert";
import { test } from "node:test";
import { influenceDots } from "./influence.js";

test("dots are drawn on empty points only, sized by strength, with false eyes marked", () => {
  // 2x2: a black stone (+6 dots) at the top-left; 3 black dots, a white
  // false eye (-1) and an empty point without dots.
  const influence = Int8Array.from([6, 3, -1, 0]);
  const board = Int8Array.from([1, 0, 0, 0]);
  const dots = influenceDots(influence, board, 2);
  assert.deepEqual(
    dots.map(({ x, y, value, falseEye, title }) => ({ x, y, value, falseEye, title })),
    [
      { x: 1, y: 0, value: 3, falseEye: false, title: "Black 3 dots" },
      { x: 0, y: 1, value: -1, falseEye: true, title: "White 1 dot (false eye)" },
    ],
  );
  // 0.04 + 0.03 per dot: 0.13 for 3, 0.07 for 1.
  assert.ok(Math.abs((dots[0]?.radius ?? 0) - 0.13) < 1e-9);
  assert.ok(Math.abs((dots[1]?.radius ?? 0) - 0.07) < 1e-9);
});
