import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { RegionInfo } from "../../../pkg/moku.js";
import { moveTitle, regionOutlines, regionTitle, short, signed, temperatureColor, wallText } from "./regions.js";

test("a region's outline runs around its points, between it and the rest", () => {
  // 3x3: region 1 is the top-left two points, region 2 the centre.
  const ids = [1, 1, 0, 0, 2, 0, 0, 0, 0];
  const o = regionOutlines(ids, 3);
  // Region 1: top edges of both points, bottom edges of both, left of (0,0), right of (1,0).
  assert.equal(o.get(1), "M-0.5 -0.5H0.5M-0.5 0.5H0.5M-0.5 -0.5V0.5M0.5 -0.5H1.5M0.5 0.5H1.5M1.5 -0.5V0.5");
  // Region 2: a lone point, all four edges.
  assert.equal(o.get(2), "M0.5 0.5H1.5M0.5 1.5H1.5M0.5 0.5V1.5M1.5 0.5V1.5");
  assert.equal(o.size, 2);
});

test("settled regions are grey; hotter ones go from yellow to red", () => {
  assert.equal(temperatureColor(0), "hsl(0,0%,45%)");
  assert.equal(temperatureColor(2), "hsl(28,90%,45%)"); // halfway
  assert.equal(temperatureColor(0.5), "hsl(44,90%,45%)");
  assert.equal(temperatureColor(8), "hsl(11,90%,45%)");
});

test("numbers on the board: two decimals at most, means signed", () => {
  assert.equal(short(1 / 3), "0.33");
  assert.equal(short(2), "2");
  assert.equal(short(-0.001), "0");
  assert.equal(signed(0.5), "+0.5");
  assert.equal(signed(-2), "-2");
  assert.equal(signed(0), "0");
});

test("the hover text gives the thermograph's numbers", () => {
  const r: RegionInfo = {
    id: 1,
    origin: "contested",
    points: [
      { x: 2, y: 3 },
      { x: 3, y: 3 },
    ],
    empties: 2,
    mean: 0.5,
    temperature: 0.5,
    meanExact: "1/2",
    temperatureExact: "1/2",
    kind: "gote",
    approx: false,
    black: { x: 3, y: 3 },
    white: { x: 3, y: 3 },
    leftWall: [
      { t: 0, v: 1 },
      { t: 0.5, v: 0.5 },
    ],
    rightWall: [
      { t: 0, v: 0 },
      { t: 0.5, v: 0.5 },
    ],
  };
  assert.equal(wallText(r.leftWall), "1 at t=0, 0.5 from t=0.5");
  assert.equal(
    regionTitle(r, 7),
    "Region 1 (contested, gote): mean +0.5 for Black (1/2), temperature 0.5 (1/2); left wall 1 at t=0, 0.5 from t=0.5; right wall 0 at t=0, 0.5 from t=0.5; best moves: Black D4, White D4",
  );
  assert.match(
    regionTitle({ ...r, approx: true, black: null }, 7),
    /^Region 1 \(contested, gote, approximate\).*best moves: White D4$/,
  );
  assert.equal(
    moveTitle(
      {
        point: { x: 3, y: 3 },
        kind: "gote",
        rule: "temperature",
        temperature: 0.5,
        value: 0.5,
        region: 1,
        captures: 0,
        text: "gote, 1/2 point",
      },
      1,
      7,
    ),
    "1. D4: gote, 1/2 point",
  );
});
