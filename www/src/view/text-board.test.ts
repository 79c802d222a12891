import { strict as assert } from "node:assert";
import { test } from "node:test";
import { moveText, textBoard } from "./text-board.js";

test("the text board puts row 1 at the bottom and skips I in the columns", () => {
  // 3x3: a black stone on B3 (x 1, y 0), a white one on B2 (x 1, y 1).
  const signMap = Int8Array.from([0, 1, 0, 0, -1, 0, 0, 0, 0]);
  assert.equal(textBoard(signMap, 3), ["  A B C", "3 . X .", "2 . O .", "1 . . ."].join("\n"));
  const wide = textBoard(new Int8Array(100), 10).split("\n");
  assert.equal(wide[0], "   A B C D E F G H J K");
  assert.equal(wide[10], " 1 . . . . . . . . . .");
  assert.equal(wide[1]?.slice(0, 3), "10 ");
});

test("moves read as people say them", () => {
  assert.equal(moveText({ color: "black", vertex: { x: 4, y: 4 }, gtp: "E5" }), "Black E5");
  assert.equal(moveText({ color: "white", vertex: null, gtp: "pass" }), "White passes");
  assert.equal(moveText({ color: "white", vertex: null, gtp: "resign" }), "White resigns");
});
