import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { MoveReviewInfo, Position } from "../../pkg/moku.js";
import { estimateCurve, figures, figuresText, reviewSteps } from "./review.js";

test("review steps are the positions before each move, setups kept and resignations skipped", () => {
  const final: Position = {
    size: 9,
    komi: 7,
    rules: "chinese",
    handicap: [],
    history: [
      { color: "black", move: "E5" },
      { setup: [{ vertex: "A1", color: "white" }] },
      { color: "white", move: "C3" },
      { color: "black", move: "pass" },
      { color: "white", move: "resign" },
    ],
    toMove: "black",
  };
  const steps = reviewSteps(final);
  assert.deepEqual(
    steps.map((s) => [s.played, s.position.toMove, s.position.history?.length]),
    [
      ["E5", "black", 0],
      ["C3", "white", 2],
      ["pass", "black", 3],
    ],
  );
});

const move = (number: number, color: "black" | "white", loss: number, verdict: string): MoveReviewInfo => ({
  number,
  color,
  played: "E5",
  preferred: "D4",
  preferredVertex: { x: 3, y: 5 },
  playedLead: 0,
  preferredLead: loss,
  playedWinrate: 0.5,
  preferredWinrate: 0.5,
  loss,
  withinNoise: false,
  verdict,
  text: "",
  playedReasons: [],
  preferredReasons: [],
  estimate: 0,
});

test("a player's figures count the verdicts and name the three biggest mistakes", () => {
  const moves = [
    move(1, "black", 0, "good"),
    move(3, "black", 25, "blunder"),
    move(5, "black", 6, "inaccuracy"),
    move(7, "black", 12, "mistake"),
    move(9, "black", 11, "mistake"),
    move(2, "white", 2, "good"),
  ];
  const f = figures(moves, "black");
  assert.deepEqual(f, { moves: 5, averageLoss: 54 / 5, inaccuracies: 1, mistakes: 2, blunders: 1, biggest: [3, 7, 9] });
  assert.equal(
    figuresText("Black", f),
    "Black: 5 moves, average loss 10.8 points, 1 inaccuracy, 2 mistakes, 1 blunder; biggest: move 3, move 7, move 9.",
  );
  assert.equal(
    figuresText("White", figures(moves, "white")),
    "White: 1 move, average loss 2.0 points, 0 inaccuracies, 0 mistakes, 0 blunders.",
  );
});

test("the review curve averages each estimate with the previous move's, so the mover's lean cancels", () => {
  // Black's best leaves +12, White's +4, Black's +14, White's +6: a lead of
  // about 9-10 leaning two or three points toward whoever just moved.
  const moves = [
    { number: 1, estimate: 12 },
    { number: 2, estimate: 4 },
    { number: 3, estimate: 14 },
    { number: 4, estimate: 6 },
    // Move 6 follows a gap (move 5 not reviewed): it keeps its own value.
    { number: 6, estimate: -2 },
  ];
  assert.deepEqual(estimateCurve(moves), [12, 8, 9, 10, -2]);
  assert.deepEqual(estimateCurve([]), []);
});
