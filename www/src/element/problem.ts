// Problems (tsumego) on <go-board problem>: what a record's comments say
// about a line, and what moku's life-and-death reading says about the
// group at stake. Pure functions; the element plays the moves.

import type { Color, GroupInfo, Vertex } from "../../pkg/moku.js";

/** What a node's comment says about the line that reached it. */
export type Verdict = "right" | "wrong" | null;

/**
 * The verdict of a comment, as problem collections write it: "RIGHT" in
 * capitals (goproblems.com's convention, which BesoGo and WGo.js read) or
 * the word "Correct" marks a right line; "Wrong" or "Incorrect" a wrong
 * one; anything else says nothing.
 */
export function commentVerdict(comment: string | undefined | null): Verdict {
  if (!comment) return null;
  if (/\bincorrect\b/i.test(comment) || /\bwrong\b/i.test(comment)) return "wrong";
  if (/\bRIGHT\b/.test(comment) || /\bcorrect\b/i.test(comment)) return "right";
  return null;
}

/** The group a problem is about, and what the student must do to it. */
export interface Target {
  /** One stone of it (its first, row by row from the top-left), to find it again after moves. */
  stone: Vertex;
  color: Color;
  /** `"kill"` when it is the opponent's, `"live"` when it is the student's. */
  goal: "kill" | "live";
}

/**
 * The group at stake in a problem's position: the largest group the
 * reading calls critical (whoever moves first decides); the student, to
 * move, kills it or saves it. `null` when the reading sees none at stake.
 */
export function problemTarget(groups: readonly GroupInfo[], toMove: Color): Target | null {
  let best: GroupInfo | null = null;
  for (const g of groups) {
    if (g.state !== "critical") continue;
    if (!best || g.stones.length > best.stones.length) best = g;
  }
  const stone = best?.stones[0];
  if (!best || !stone) return null;
  return { stone, color: best.color, goal: best.color === toMove ? "live" : "kill" };
}

/** The target's group now: its entry in the analysis, or `"captured"` when its stone is gone. */
export function targetGroup(groups: readonly GroupInfo[], target: Target): GroupInfo | "captured" {
  const g = groups.find(
    (g) => g.color === target.color && g.stones.some((s) => s.x === target.stone.x && s.y === target.stone.y),
  );
  return g ?? "captured";
}

/** Whether the problem is decided in the position analysed: solved, failed, or still open. */
export type Outcome = { state: "solved" | "failed"; text: string } | { state: "open" };

/**
 * The outcome for the target group in the position's reading, in words
 * that say the fact first: "the group at C3 is dead: correct".
 */
export function outcome(group: GroupInfo | "captured", target: Target, name: string): Outcome {
  const at = `the group at ${name}`;
  const fact =
    group === "captured"
      ? `${at} is captured`
      : group.state === "dead"
        ? `${at} is dead`
        : group.state === "alive"
          ? `${at} lives`
          : group.state === "seki"
            ? `${at} lives in seki`
            : null;
  if (!fact) return { state: "open" };
  const dead = group === "captured" || group.state === "dead";
  const solved = target.goal === "kill" ? dead : !dead;
  return { state: solved ? "solved" : "failed", text: `${fact}: ${solved ? "correct" : "wrong"}` };
}
