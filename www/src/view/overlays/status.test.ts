import { strict as assert } from "node:assert";
import { test } from "node:test";
import { StatusCode, type GroupInfo, type Vertex } from "../../../pkg/moku.js";
import { basisText, statusMarks } from "./status.js";

test("the status codes are Rust's Status::code numbers", () => {
  // src/rules/status.rs: 1 alive, 2 critical, 3 dead, 4 seki, 5 unknown; 0 an empty point.
  assert.deepEqual(
    [StatusCode.Empty, StatusCode.Alive, StatusCode.Critical, StatusCode.Dead, StatusCode.Seki, StatusCode.Unknown],
    [0, 1, 2, 3, 4, 5],
  );
});

/** A proved critical group of one stone, its kill and its life without a ko. */
function critical(color: "black" | "white", stone: Vertex, attack: Vertex, defense: Vertex): GroupInfo {
  return {
    color,
    stones: [stone],
    state: "critical",
    attack,
    defense,
    attackKo: false,
    defenseKo: false,
    basis: "proved",
  };
}

test("dead stones are crossed, critical ones ringed, and a critical group's vital points named", () => {
  // 3x3: a dead stone at (0,0), a critical one at (2,1), alive and seki stones elsewhere.
  const groupStatus = Int8Array.from([3, 0, 1, 0, 4, 2, 5, 0, 0]);
  const groups: GroupInfo[] = [
    critical("white", { x: 2, y: 1 }, { x: 2, y: 2 }, { x: 1, y: 1 }),
    { color: "black", stones: [{ x: 0, y: 0 }], state: "dead", attack: null, defense: null, basis: "read" },
  ];
  assert.deepEqual(statusMarks(groupStatus, groups, 3), {
    dead: [{ x: 0, y: 0, basis: "read" }],
    critical: [{ x: 2, y: 1, basis: "proved" }],
    vital: [
      { vertex: { x: 1, y: 1 }, title: "White saves the group here" },
      { vertex: { x: 2, y: 2 }, title: "Black kills the group here" },
    ],
  });
});

test("a vital point that needs a ko says so", () => {
  // The broken comb: White's B1 makes a ko; Black's B1 lives outright.
  const groups = [{ ...critical("black", { x: 0, y: 6 }, { x: 1, y: 8 }, { x: 1, y: 8 }), attackKo: true }];
  assert.deepEqual(statusMarks(Int8Array.from([]), groups, 9).vital, [
    { vertex: { x: 1, y: 8 }, title: "Black saves the group here" },
    { vertex: { x: 1, y: 8 }, title: "White kills the group by winning a ko here" },
  ]);
});

test("a mark says whether its status is proved or likely, and why likely", () => {
  assert.equal(basisText("proved"), "proved");
  assert.match(basisText("read"), /^likely: read/);
  assert.match(basisText("playouts"), /^likely: the quick games/);
  // A stone no group read holds (its status carried from an earlier position) is only likely.
  const marks = statusMarks(Int8Array.from([3]), [], 1);
  assert.deepEqual(marks.dead, [{ x: 0, y: 0, basis: null }]);
  assert.equal(basisText(null), "likely");
});
