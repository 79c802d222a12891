import { strict as assert } from "node:assert";
import { test } from "node:test";
import { areaText, areaTint, areaTitle, completionText, GAPS_SHOWN, gapTitle, innerAreas, rankedGaps } from "./moyo.js";

test("Black's areas are blues and White's oranges, however many there are", () => {
  assert.equal(areaTint(1), "hsla(210,70%,35%,0.45)");
  assert.equal(areaTint(2), "hsla(240,70%,45%,0.45)");
  assert.equal(areaTint(-1), "hsla(30,80%,60%,0.45)");
  assert.equal(areaTint(-3), "hsla(15,80%,60%,0.45)");
  // The sixth area of each side is still the side's colour (a hue step
  // round the whole wheel once made Black's sixth area orange), and the
  // seventh starts the turn again.
  assert.equal(areaTint(6), "hsla(200,70%,45%,0.45)");
  assert.equal(areaTint(7), areaTint(1));
  const hue = (t: string): number => Number(/^hsla\((\d+),/.exec(t)?.[1]);
  for (let k = 1; k <= 20; k++) {
    assert.ok(hue(areaTint(k)) >= 190 && hue(areaTint(k)) <= 262, `Black area ${k}: ${areaTint(k)}`);
    assert.ok(hue(areaTint(-k)) >= 15 && hue(areaTint(-k)) <= 56, `White area ${-k}: ${areaTint(-k)}`);
    // Two areas numbered in turn never share a tint.
    assert.notEqual(areaTint(k), areaTint(k + 1));
    assert.notEqual(areaTint(-k), areaTint(-k - 1));
  }
  assert.equal(areaText(2), "+2");
  assert.equal(areaText(-1), "-1");
});

test("areas and gaps explain themselves", () => {
  assert.equal(
    areaTitle({ label: 2, color: "black", points: 43, basins: [3, 6, 8] }),
    "Black area +2: 43 points (3 basins of the watershed)",
  );
  assert.equal(
    areaTitle({ label: -1, color: "white", points: 6, basins: [-1] }),
    "White area -1: 6 points (one basin of the watershed)",
  );
  // The wall with a gap at C6 on 9x9: C7 beside it.
  assert.equal(
    gapTitle({ label: 1, color: "black" }, { point: { x: 2, y: 3 }, beside: { x: 2, y: 2 }, weakness: 114 }, 1, 9),
    "Gap 1 (of the 5 weakest) of Black area +1 at C6: Black closes the area here, White breaks in here (the enclosure's potential beside it, C7: 114)",
  );
});

test("the gaps ringed are the five weakest of all areas, weakest first", () => {
  const gap = (x: number, weakness: number) => ({ point: { x, y: 0 }, beside: { x, y: 1 }, weakness });
  const areas = [
    { label: 1, gaps: [gap(0, 40), gap(1, 90), gap(2, 300)] },
    { label: 2, gaps: [gap(3, 10), gap(4, 95)] },
    { label: -1, gaps: [gap(5, 60), gap(6, 61), gap(7, 500)] },
  ];
  assert.equal(GAPS_SHOWN, 5);
  assert.deepEqual(
    rankedGaps(areas).map(({ area, gap: g }) => [area.label, g.point.x]),
    [
      [2, 3],
      [1, 0],
      [-1, 5],
      [-1, 6],
      [1, 1],
    ],
  );
  assert.deepEqual(rankedGaps([{ gaps: [gap(0, 7)] }]).length, 1);
  assert.deepEqual(rankedGaps([]), []);
});

test("completion compares each side's inner area before and after a move", () => {
  const before = [
    { color: "black" as const, area: 15 },
    { color: "white" as const, area: 4 },
  ];
  const after = [
    { color: "black" as const, area: 16 },
    { color: "black" as const, area: 6 },
    { color: "white" as const, area: 2 },
  ];
  assert.deepEqual(innerAreas(after), { black: 22, white: 2 });
  assert.equal(completionText(before, after), "Black's moyo +7 points, White's \u22122");
  assert.equal(completionText(before, before), "Black's moyo \u00b10 points, White's \u00b10");
});
