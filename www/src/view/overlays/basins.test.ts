import { strict as assert } from "node:assert";
import { test } from "node:test";
import {
  basinPointTitle,
  basinText,
  basinTint,
  basinTitle,
  outerPoints,
  outerTitle,
  potentialText,
  weakPointTitle,
} from "./basins.js";

test("Black's basins are one blue and White's one orange, two lightnesses in turn", () => {
  const black = ["hsla(215,90%,50%,0.6)", "hsla(215,90%,35%,0.6)"];
  assert.deepEqual([1, 2, 3].map(basinTint), [black[0], black[1], black[0]]);
  assert.deepEqual([-1, -4].map(basinTint), ["hsla(32,85%,55%,0.45)", "hsla(32,85%,45%,0.45)"]);
  assert.deepEqual([4, -3].map(basinText), ["+4", "-3"]);
  assert.deepEqual([6, -38, 0].map(potentialText), ["+6", "\u221238", "0"]);
});

test("the outer points are the vacant points labelled 0; stones are not outer points", () => {
  // 3x3: a Black basin in the top row, a Black stone at the centre (label
  // 0, not outer), a White basin at the bottom left, the rest outer.
  const basins = new Int16Array([1, 1, 1, 0, 0, 0, -1, 0, 0]);
  const board = new Int8Array([0, 0, 0, 0, 1, 0, 0, 0, -1]);
  assert.deepEqual(outerPoints(basins, board, 3), [
    { x: 0, y: 1 },
    { x: 2, y: 1 },
    { x: 1, y: 2 },
  ]);
});

test("the tooltips say what the analysis computed, in plain words (the 13x13 position of the paper's three facts)", () => {
  const white3 = {
    label: -3,
    color: "white" as const,
    area: 6,
    minimum: { x: 8, y: 0 },
    weakPoints: [
      { x: 8, y: 2 },
      { x: 9, y: 2 },
    ],
  };
  assert.equal(
    basinTitle(white3, -38, 13),
    "White basin -3: 6 points, minimal point J13; weakest boundary points J11 and K11 at potential \u221238",
  );
  assert.equal(
    basinTitle({ label: 1, color: "black", area: 1, minimum: { x: 0, y: 0 }, weakPoints: [] }, 0, 9),
    "Black basin +1: 1 point, minimal point A9; walled in by its own stones and the edges: no weak point",
  );
  assert.equal(
    weakPointTitle(white3, 9, 2, -38, 13),
    "K11: a weakest boundary point of White basin -3, potential \u221238: the least |potential| on the basin's edge, where the enclosure is thinnest",
  );
  assert.equal(
    basinPointTitle({ label: -4, color: "white", area: 9, minimum: { x: 12, y: 0 } }, 10, 2, -58, 13),
    "L11: White basin -4 (potential \u221258); 9 points, minimal point N13",
  );
  assert.equal(
    outerTitle(2, 5, -58, 13),
    "C8: an outer point, in no basin (potential \u221258): its steepest descent runs into the other side's potential",
  );
  assert.equal(
    outerTitle(12, 12, 0, 13),
    "N1: an outer point, in no basin (potential 0): no potential, and no descent ends where it lies",
  );
});
