import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { MoveInfo } from "../../pkg/moku.js";
import { turnLine } from "./turn.js";

const e5: MoveInfo = { color: "black", vertex: { x: 4, y: 4 }, gtp: "E5" };
const blackPass: MoveInfo = { color: "black", vertex: null, gtp: "pass" };
const whitePass: MoveInfo = { color: "white", vertex: null, gtp: "pass" };

test("during the game the turn line says who is to play", () => {
  assert.deepEqual(turnLine({ isOver: false, toMove: "white", moves: [e5] }), {
    stone: "white",
    who: "White",
    rest: " to play",
  });
  // One pass does not end the game.
  assert.deepEqual(turnLine({ isOver: false, toMove: "black", moves: [e5, whitePass] }).who, "Black");
});

test("after both players pass the turn line says the game is over and what comes next, not 'Black to play'", () => {
  const line = turnLine({ isOver: true, toMove: "black", moves: [e5, whitePass, blackPass, whitePass] });
  assert.equal(line.stone, null);
  assert.equal(
    `${line.who}${line.rest}`,
    "The game is over: both players passed. The count is below; click a chain to mark it dead or alive, or play on an empty point to resume the game.",
  );
});

test("after a resignation the turn line gives the result", () => {
  const line = turnLine({ isOver: true, toMove: "white", moves: [e5], result: "B+R" });
  assert.deepEqual(line, { stone: null, who: "", rest: "The game is over: Black wins by resignation." });
  assert.equal(turnLine({ isOver: true, toMove: "white", moves: [e5] }).rest, "The game is over.");
});
