import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Score } from "../../pkg/moku.js";
import { DeadStones, countText, estimateSentence } from "./counting.js";

test("a click marks a whole chain dead, and a second click brings it back", () => {
  const dead = new DeadStones();
  const chain = [
    { x: 2, y: 6 },
    { x: 2, y: 7 },
  ];
  dead.toggleChain(chain, 9);
  assert.equal(dead.count, 2);
  assert.deepEqual(dead.stones(), chain);
  dead.toggleChain([{ x: 5, y: 5 }], 9);
  assert.equal(dead.count, 3);
  dead.toggleChain(chain, 9);
  assert.deepEqual(dead.stones(), [{ x: 5, y: 5 }]);
  // A chain partly marked (it grew since) is marked whole, not unmarked.
  dead.toggleChain(
    [
      { x: 5, y: 5 },
      { x: 5, y: 6 },
    ],
    9,
  );
  assert.equal(dead.count, 2);
  dead.clear();
  assert.equal(dead.count, 0);
});

test("the count names the winner and the margin", () => {
  const score: Score = {
    black: 45,
    white: 36.5,
    blackTerritory: 20,
    whiteTerritory: 14,
    blackStones: 25,
    whiteStones: 15,
    blackPrisoners: 0,
    whitePrisoners: 0,
    neutral: 2,
    komi: 7.5,
    margin: 8.5,
    result: "B+8.5",
    scoring: "area",
  };
  assert.equal(
    countText(score, 2),
    "Count (area scoring, komi 7.5, 2 dead stones): Black 45, White 36.5: Black wins by 8.5 (B+8.5). " +
      "2 empty points count for nobody (dame, seki, or areas no colour has closed off).",
  );
  const closed = { ...score, neutral: 0 };
  assert.ok(countText({ ...closed, margin: -0.5, result: "W+0.5" }, 0).endsWith(": White wins by 0.5 (W+0.5)."));
  assert.match(countText({ ...closed, margin: 0, result: "0" }, 0), /: a draw \(0\)\.$/);
  assert.ok(
    countText({ ...score, neutral: 1 }, 0).endsWith(
      " 1 empty point counts for nobody (dame, seki, or an area no colour has closed off).",
    ),
  );
});

test("the engine's dead stones can be marked at once and then toggled by chain", () => {
  const dead = new DeadStones();
  dead.markAll(
    [
      { x: 1, y: 1 },
      { x: 1, y: 2 },
    ],
    9,
  );
  assert.equal(dead.count, 2);
  dead.toggleChain(
    [
      { x: 1, y: 1 },
      { x: 1, y: 2 },
    ],
    9,
  );
  assert.equal(dead.count, 0);
});

test("the playouts' estimate reads as who leads and by about how much", () => {
  assert.equal(estimateSentence({ blackLead: 3.44 }), "Black leads by about 3.4 points");
  assert.equal(estimateSentence({ blackLead: -12 }), "White leads by about 12.0 points");
  assert.equal(estimateSentence({ blackLead: 0.44 }), "the game is about even");
  assert.equal(estimateSentence({ blackLead: -0.5 }), "White leads by about 0.5 points");
});
