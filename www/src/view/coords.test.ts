import { strict as assert } from "node:assert";
import { test } from "node:test";
import { arrowStep, COLUMNS, eachPoint, indexOf, parseVertex, rowMajor, vertexName } from "./coords.js";

test("the column alphabet skips I and has a letter for every column of a 25x25 board", () => {
  assert.equal(COLUMNS.length, 25);
  assert.equal(COLUMNS.includes("I"), false);
  assert.equal(COLUMNS.slice(7, 10), "HJK");
});

test("vertex names are GTP's: column letter, row counted from the bottom", () => {
  assert.equal(vertexName({ x: 15, y: 3 }, 19), "Q16");
  assert.equal(vertexName({ x: 8, y: 0 }, 19), "J19");
  assert.equal(vertexName({ x: 0, y: 8 }, 9), "A1");
  assert.equal(vertexName({ x: 24, y: 0 }, 25), "Z25");
});

test("row-major indices run along the rows from the top-left", () => {
  assert.equal(rowMajor(0, 0, 9), 0);
  assert.equal(rowMajor(8, 0, 9), 8);
  assert.equal(rowMajor(0, 1, 9), 9);
  assert.equal(indexOf({ x: 2, y: 1 }, 9), 11);
  const seen: string[] = [];
  eachPoint(Int8Array.from([1, 0, -1, 5]), 2, (x, y, v) => seen.push(`${x},${y}=${v}`));
  assert.deepEqual(seen, ["0,0=1", "1,0=0", "0,1=-1", "1,1=5"]);
});

test("GTP names parse back to vertices; passes and names off the board are null", () => {
  assert.deepEqual(parseVertex("Q16", 19), { x: 15, y: 3 });
  assert.deepEqual(parseVertex("j9", 9), { x: 8, y: 0 });
  assert.deepEqual(parseVertex("A1", 9), { x: 0, y: 8 });
  assert.equal(parseVertex("pass", 9), null);
  assert.equal(parseVertex("I5", 9), null);
  assert.equal(parseVertex("K5", 9), null);
  assert.equal(parseVertex("A10", 9), null);
});

test("an arrow key moves the cursor one point and keeps it on the board; other keys do not move it", () => {
  assert.deepEqual(arrowStep("ArrowLeft", { x: 3, y: 4 }, 9), { x: 2, y: 4 });
  assert.deepEqual(arrowStep("ArrowDown", { x: 3, y: 4 }, 9), { x: 3, y: 5 });
  assert.deepEqual(arrowStep("ArrowUp", { x: 3, y: 0 }, 9), { x: 3, y: 0 });
  assert.deepEqual(arrowStep("ArrowRight", { x: 8, y: 2 }, 9), { x: 8, y: 2 });
  assert.equal(arrowStep("Enter", { x: 3, y: 4 }, 9), null);
});
