import { strict as assert } from "node:assert";
import { test } from "node:test";
import { basinText, basinTint } from "./moyo.js";

test("Black's basins are blues and White's oranges, 37 degrees of hue apart", () => {
  assert.equal(basinTint(1), "hsla(210,70%,35%,0.45)");
  assert.equal(basinTint(2), "hsla(247,70%,35%,0.45)");
  assert.equal(basinTint(-1), "hsla(30,80%,60%,0.45)");
  assert.equal(basinTint(-3), "hsla(104,80%,60%,0.45)");
  // The hue wraps: 210 + 5 * 37 = 395 -> 35.
  assert.equal(basinTint(6), "hsla(35,70%,35%,0.45)");
});

test("basin labels carry their sign", () => {
  assert.equal(basinText(2), "+2");
  assert.equal(basinText(-1), "-1");
});
