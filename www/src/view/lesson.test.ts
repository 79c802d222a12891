import { strict as assert } from "node:assert";
import { test } from "node:test";
import {
  gameInfoText,
  inkClass,
  moveNumbers,
  resultText,
  signedPoints,
  variationLetter,
  viewBounds,
} from "./lesson.js";

test("variations are lettered A to Z, then a to z, then numbered", () => {
  assert.deepEqual([0, 1, 25, 26, 51, 52].map(variationLetter), ["A", "B", "Z", "a", "z", "53"]);
});

test("marks are light on black stones and dark on white stones and empty points", () => {
  assert.deepEqual([1, -1, 0].map(inkClass), ["ink-light", "ink-dark", "ink-dark"]);
});

test("move numbers: the last move on each point still standing, up to the move shown", () => {
  // 3x3: B (0,0), W (1,0), B (2,0), W captures nothing; move 4 is W at (0,0)'s neighbour (0,1).
  const moves = [
    { color: "black", vertex: { x: 0, y: 0 }, gtp: "A3" },
    { color: "white", vertex: { x: 1, y: 0 }, gtp: "B3" },
    { color: "black", vertex: null, gtp: "pass" },
    { color: "white", vertex: { x: 0, y: 1 }, gtp: "A2" },
  ] as const;
  // After move 4 Black's A3 is captured (empty on the board given), B3 and A2 stand.
  const board = [0, -1, 0, -1, 0, 0, 0, 0, 0];
  const n = moveNumbers(moves as never, 4, board, 3);
  assert.deepEqual([...n.entries()].sort(), [
    [1, 2],
    [3, 4],
  ]);
  // Shown at move 2: only the first two moves count.
  assert.deepEqual([...moveNumbers(moves as never, 2, [1, -1, 0, 0, 0, 0, 0, 0, 0], 3).entries()].sort(), [
    [0, 1],
    [1, 2],
  ]);
});

test("a move number gives way to a sign on its stone: triangle, circle, square, cross, label; not to DD or SL", () => {
  const v = (x: number, y: number) => ({ x, y });
  const markup = {
    labels: [{ vertex: v(4, 4), text: "a" }],
    triangles: [v(0, 0)],
    circles: [v(1, 0)],
    squares: [v(2, 0)],
    crosses: [v(3, 0)],
    selected: [v(5, 5)],
    dimmed: [v(6, 6)],
    arrows: [],
    lines: [],
    view: null,
  };
  // 9x9: index = y * 9 + x.
  assert.deepEqual(
    [...signedPoints(markup as never, 9)].sort((a, b) => a - b),
    [0, 1, 2, 3, 40],
  );
});

test("a VW view is the rectangle around its points; none is the whole board", () => {
  assert.deepEqual(
    viewBounds([
      { x: 2, y: 1 },
      { x: 0, y: 4 },
    ]),
    { x0: 0, y0: 1, x1: 2, y1: 4 },
  );
  assert.equal(viewBounds(null), null);
  assert.equal(viewBounds([]), null);
});

test("results and game information in words", () => {
  assert.equal(resultText("B+3.5"), "Black wins by 3.5");
  assert.equal(resultText("W+R"), "White wins by resignation");
  assert.equal(resultText("W+T"), "White wins on time");
  assert.equal(resultText("0"), "a draw");
  assert.equal(
    gameInfoText({ black: "Lee", blackRank: "9p", white: "Cho", result: "B+R", event: "Cup", date: "2001" }),
    "Lee 9p (Black) – Cho (White), Black wins by resignation. Cup, 2001.",
  );
  assert.equal(gameInfoText({}), "");
});
