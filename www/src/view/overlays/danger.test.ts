import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { DangerUnit } from "../../../pkg/moku.js";
import { dangerAlpha, dangerCells, dangerText, labelledUnits, shareAtStake, unitTitle } from "./danger.js";

/** A unit with the fields the overlay reads; the rest are filler. */
function unit(over: Partial<DangerUnit>): DangerUnit {
  return {
    id: 1,
    block: 1,
    color: "black",
    status: "alive",
    anchor: { x: 0, y: 0 },
    stones: 3,
    points: 9,
    benson: false,
    eyesMin: 0,
    eyesMax: 0,
    room: 0,
    freedomAdjacent: 0,
    freedomJump: 0,
    vital: null,
    value: 18,
    danger: 0,
    ...over,
  };
}

test("the tint is as dark as the share at stake: dead all, critical half", () => {
  const dead = unit({ status: "dead", value: 4, danger: 4 });
  const critical = unit({ status: "critical", value: 18, danger: 9 });
  assert.equal(shareAtStake(dead), 1);
  assert.equal(shareAtStake(critical), 0.5);
  assert.ok(Math.abs(dangerAlpha(dead) - 0.7) < 1e-9);
  assert.ok(Math.abs(dangerAlpha(critical) - 0.41) < 1e-9);
  assert.equal(shareAtStake(unit({ value: 0 })), 0);
});

test("tooltips say the status, the moku and the vital point", () => {
  assert.equal(
    unitTitle(unit({ status: "critical", anchor: { x: 2, y: 15 }, value: 18, danger: 9, vital: { x: 3, y: 14 } }), 19),
    "Black group at C4, critical: whoever plays first decides. 9.0 of 18.0 moku at stake; vital point D5.",
  );
  assert.equal(
    unitTitle(unit({ color: "white", status: "dead", anchor: { x: 1, y: 1 }, value: 2, danger: 2 }), 9),
    "White group at B8, dead. 2.0 moku lost.",
  );
  assert.equal(unitTitle(unit({ danger: 0.4, value: 16 }), 9), "Black group at A9, alive. 0.4 of 16.0 moku at stake.");
});

test("only the points of units with something at stake are tinted", () => {
  // 2x2: unit 1 (dead, 4 moku) on two points, unit 2 (two eyes, nothing at stake) on one.
  const units = [unit({ id: 1, status: "dead", value: 4, danger: 4, color: "white" }), unit({ id: 2, danger: 0 })];
  const cells = dangerCells(Uint16Array.from([1, 1, 2, 0]), units, 2);
  assert.deepEqual(
    cells.map(({ x, y }) => ({ x, y })),
    [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ],
  );
  assert.deepEqual(
    labelledUnits(units).map((u) => u.id),
    [1],
  );
  assert.equal(dangerText(4), "4.0");
  assert.equal(dangerText(23.4), "23");
});
