import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { ScoreEstimate } from "../../../pkg/moku.js";
import { estimateText, markTitle, scoreMarks } from "./score.js";

test("a point is marked in the colour it counts for, full size for a whole point", () => {
  // 2x2: a point of Black territory, a quarter point for White, nothing, a dead white stone (2 for Black).
  const marks = scoreMarks(Float32Array.from([1, -0.25, 0.01, 2]), Int8Array.from([0, 0, 0, -1]), 2);
  assert.deepEqual(
    marks.map(({ x, y, side, black }) => ({ x, y, side, black })),
    [
      { x: 0, y: 0, side: 0.5, black: true },
      { x: 1, y: 0, side: 0.25, black: false },
      { x: 1, y: 1, side: 0.5, black: true },
    ],
  );
  assert.equal(marks[2]?.title, "a dead white stone: 2.0 for Black");
  assert.equal(markTitle(1, 0), "1.00 for Black: a point of territory");
  assert.equal(markTitle(-0.5, 0), "0.50 for White: a share of a point (moyo, weak influence or a group at stake)");
});

test("the estimate in words", () => {
  const s: ScoreEstimate = {
    result: "B+12.5",
    margin: 12.5,
    total: { black: 60, white: 47.5 },
    territory: { black: 45, white: 38 },
    moyo: { black: 10.5, white: 6 },
    stones: { black: 0, white: 0 },
    dead: { black: 0, white: 1 },
    prisoners: { black: 3, white: 2 },
    seki: 2,
    danger: { black: 0.5, white: 1 },
    komi: 6.5,
    scoring: "territory",
  };
  assert.equal(
    estimateText(s),
    "Black leads by 12.5 (B+12.5): territory 45 to 38, moyo 10.5 to 6, prisoners 4 to 2, at stake 0.5 to 1, 2 seki points, komi 6.5",
  );
  assert.match(
    estimateText({ ...s, margin: -3, result: "W+3", scoring: "area" }),
    /^White leads by 3\.0 \(W\+3\): .*stones 0 to 0/,
  );
});
