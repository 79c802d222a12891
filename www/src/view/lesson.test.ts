import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Markup, Variation } from "../../pkg/moku.js";
import {
  gameInfoText,
  inkClass,
  letteredVariations,
  moveNumbers,
  resultText,
  signedPoints,
  signWords,
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

/** A markup with nothing but `marks`. */
function markupOf(marks: Partial<Markup>): Markup {
  const none = { labels: [], triangles: [], circles: [], squares: [], crosses: [], selected: [], dimmed: [] };
  return { ...none, arrows: [], lines: [], view: undefined, ...marks };
}

test("a variation's letter gives way to the author's label or sign on its point; the list names the sign", () => {
  const v = (x: number, y: number) => ({ x, y });
  // The lesson's node on 9x9: ;B[cf]LB[bf:1][df:2]C[Keep chasing. Which is right, 1 or 2?]
  // with the variations W[df] (D4, A) and W[bf] (B4, B); a third, W[ef] (E4, C), has no label.
  const variations: Variation[] = [
    { index: 0, color: "white", vertex: v(3, 5), gtp: "D4" },
    { index: 1, color: "white", vertex: v(1, 5), gtp: "B4" },
    { index: 2, color: "white", vertex: v(4, 5), gtp: "E4" },
  ];
  const labels = markupOf({
    labels: [
      { vertex: v(1, 5), text: "1" },
      { vertex: v(3, 5), text: "2" },
    ],
  });
  // Only E4 gets a letter: the board shows the author's 1 and 2.
  assert.deepEqual(
    letteredVariations(variations, labels, 9).map((x) => x.gtp),
    ["E4"],
  );
  assert.equal(signWords(labels, v(3, 5)), "marked 2");
  assert.equal(signWords(labels, v(1, 5)), "marked 1");
  assert.equal(signWords(labels, v(4, 5)), null);
  // A triangle, circle, square or cross wins too; a selected or dimmed point (a tint) keeps the letter.
  const shapes = markupOf({ triangles: [v(3, 5)], crosses: [v(1, 5)], selected: [v(4, 5)], dimmed: [v(4, 5)] });
  assert.deepEqual(
    letteredVariations(variations, shapes, 9).map((x) => x.gtp),
    ["E4"],
  );
  assert.equal(signWords(shapes, v(3, 5)), "marked with a triangle");
  assert.equal(signWords(shapes, v(1, 5)), "marked with a cross");
  assert.equal(signWords(markupOf({ circles: [v(0, 0)] }), v(0, 0)), "marked with a circle");
  assert.equal(signWords(markupOf({ squares: [v(0, 0)] }), v(0, 0)), "marked with a square");
  // Without signs every variation with a point is lettered, a pass is not; a lone next move has no letter.
  const pass: Variation = { index: 3, color: "white", vertex: null, gtp: "pass" };
  assert.deepEqual(
    letteredVariations([...variations, pass], markupOf({}), 9).map((x) => x.gtp),
    ["D4", "B4", "E4"],
  );
  assert.deepEqual(letteredVariations(variations.slice(0, 1), markupOf({}), 9), []);
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
