import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { GroupInfo } from "../../pkg/moku.js";
import { commentVerdict, outcome, problemTarget, targetGroup } from "./problem.js";

test("comments: RIGHT or Correct is right, Wrong or Incorrect is wrong, anything else says nothing", () => {
  assert.equal(commentVerdict("RIGHT: the vital point."), "right");
  assert.equal(commentVerdict("Correct!"), "right");
  assert.equal(commentVerdict("That is incorrect."), "wrong");
  assert.equal(commentVerdict("Wrong: White lives."), "wrong");
  // "right" in lower case is ordinary prose ("the right side"), not the convention.
  assert.equal(commentVerdict("Play on the right side."), null);
  assert.equal(commentVerdict(undefined), null);
});

const group = (color: "black" | "white", state: GroupInfo["state"], stones: [number, number][]): GroupInfo =>
  ({ color, state, stones: stones.map(([x, y]) => ({ x, y })), attack: null, defense: null }) as GroupInfo;

test("the target is the largest critical group; the goal follows whose it is", () => {
  const groups = [
    group("black", "alive", [[4, 0]]),
    group("white", "critical", [
      [3, 0],
      [0, 1],
      [1, 1],
    ]),
    group("black", "critical", [[8, 8]]),
  ];
  assert.deepEqual(problemTarget(groups, "black"), { stone: { x: 3, y: 0 }, color: "white", goal: "kill" });
  assert.deepEqual(problemTarget(groups, "white"), { stone: { x: 3, y: 0 }, color: "white", goal: "live" });
  assert.equal(problemTarget([group("white", "alive", [[0, 0]])], "black"), null);
});

test("outcomes say the fact, then correct or wrong for the student's goal", () => {
  const kill = { stone: { x: 3, y: 0 }, color: "white" as const, goal: "kill" as const };
  const live = { ...kill, goal: "live" as const };
  const dead = group("white", "dead", [[3, 0]]);
  const alive = group("white", "alive", [[3, 0]]);
  assert.deepEqual(outcome(dead, kill, "D9"), { state: "solved", text: "the group at D9 is dead: correct" });
  assert.deepEqual(outcome(alive, kill, "D9"), { state: "failed", text: "the group at D9 lives: wrong" });
  assert.deepEqual(outcome("captured", kill, "D9"), { state: "solved", text: "the group at D9 is captured: correct" });
  assert.deepEqual(outcome(alive, live, "D9"), { state: "solved", text: "the group at D9 lives: correct" });
  assert.deepEqual(outcome(group("white", "seki", [[3, 0]]), kill, "D9"), {
    state: "failed",
    text: "the group at D9 lives in seki: wrong",
  });
  assert.deepEqual(outcome(group("white", "critical", [[3, 0]]), kill, "D9"), { state: "open" });
  // The group is found again by its stone; gone, it was captured.
  assert.equal(targetGroup([alive], kill), alive);
  assert.equal(targetGroup([group("white", "alive", [[5, 5]])], kill), "captured");
});
