import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Comparison, SelfCheckResult } from "../../pkg/moku.js";
import { entryText, marginText, signed, summaryText, termsText } from "./selfcheck.js";

/** The comparison `moku_consistency` reports before move 4 of tests/fixtures/review-13x13.sgf. */
const H2: Comparison = {
  biggest: { x: 7, y: 11 },
  biggestText: "H2",
  value: 10.5,
  before: -10.6,
  after: -19.5,
  difference: -8.9,
  terms: { territory: -5, moyo: -2.9, stones: -1, dead: 0, prisoners: 0, danger: 0 },
  reported: true,
  line: "position 4 W biggest H2 (10.5): -10.6 -> -19.5 (-8.9); territory -5.0 moyo -2.9 stones -1.0 dead +0.0 prisoners +0.0 danger +0.0",
};

test("margins and changes read as scores and signed points", () => {
  assert.equal(marginText(14), "B+14.0");
  assert.equal(marginText(-17.64), "W+17.6");
  assert.equal(marginText(0.04), "even");
  assert.equal(signed(31.6), "+31.6");
  assert.equal(signed(-0.2), "\u22120.2");
  assert.equal(signed(0.04), "0.0");
});

test("a reported position in words: the move, both estimates, the difference, the terms that moved", () => {
  assert.equal(termsText(H2), "territory \u22125.0, moyo \u22122.9, stones \u22121.0");
  assert.equal(
    termsText({ terms: { territory: 0.01, moyo: 0, stones: 0, dead: 0, prisoners: 0, danger: -0.02 } }),
    "no term moved",
  );
  assert.equal(
    entryText({ moveNumber: 4, color: "white" }, H2),
    "Move 4, White to play: the biggest move H2 (10.5 points) takes the estimate from W+10.6 to W+19.5, \u22128.9 for Black. Territory \u22125.0, moyo \u22122.9, stones \u22121.0.",
  );
});

test("the summary counts the positions checked, compared and reported", () => {
  const r = (comparison: Comparison | null): SelfCheckResult => ({ moveNumber: 1, color: "black", comparison });
  const within = { ...H2, difference: 0.5, reported: false };
  assert.equal(
    summaryText([r(null), r(within), r(H2), r(null)], 4, false),
    "4 positions checked: 2 with one clearly biggest move; 1 differs by more than 0.6 point from the estimate after it (listed: click one to go there).",
  );
  assert.equal(
    summaryText([r(null)], 1, false),
    "1 position checked: 0 with one clearly biggest move; none differs by more than 0.6 point from the estimate after it.",
  );
  assert.equal(
    summaryText([r(null)], 9, true),
    "Stopped after 1 of 9 positions: 0 with one clearly biggest move; none differs by more than 0.6 point from the estimate after it.",
  );
});
