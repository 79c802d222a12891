// Score: who each point counts for in the score estimate, as the marks of
// a count: a square in the colour of the side it counts for, full size
// for a sure point (territory, or a dead stone's point), smaller for a
// share (moyo, weak influence, a group at stake).

import type { ScoreEstimate } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint } from "../coords.js";
import { sideInk, sideLegend, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** Below this share a point is not marked. */
const SHOWN = 0.05;
/** The side of a full point's square, in board units. */
const FULL_SQUARE = 0.5;

/** One marked point. */
export interface ScoreMark {
  x: number;
  y: number;
  /** The side of the square, in board units. */
  side: number;
  black: boolean;
  title: string;
}

/** What a point's contribution means, for its tooltip. */
export function markTitle(v: number, stone: number): string {
  const who = v > 0 ? "Black" : "White";
  const m = Math.abs(v);
  if (stone !== 0 && Math.sign(stone) !== Math.sign(v))
    return `a dead ${stone > 0 ? "black" : "white"} stone: ${m.toFixed(1)} for ${who}`;
  const kind = m >= 0.95 ? "a point of territory" : "a share of a point (moyo, weak influence or a group at stake)";
  return `${m.toFixed(2)} for ${who}: ${kind}`;
}

/** The marks of a score map (`Analysis.scoreMap`) over `board`. */
export function scoreMarks(scoreMap: ArrayLike<number>, board: ArrayLike<number>, size: number): ScoreMark[] {
  const marks: ScoreMark[] = [];
  eachPoint(scoreMap, size, (x, y, v) => {
    if (Math.abs(v) < SHOWN) return;
    const stone = board[y * size + x] ?? 0;
    marks.push({
      x,
      y,
      side: FULL_SQUARE * Math.min(1, Math.sqrt(Math.abs(v))),
      black: v > 0,
      title: markTitle(v, stone),
    });
  });
  return marks;
}

/** The estimate in words, e.g. `"Black leads by 12.5 (B+12.5): territory 45 to 38, moyo 10.5 to 6, ..."`. */
export function estimateText(s: ScoreEstimate): string {
  const lead =
    s.margin > 0.05
      ? `Black leads by ${s.margin.toFixed(1)}`
      : s.margin < -0.05
        ? `White leads by ${(-s.margin).toFixed(1)}`
        : "even";
  const f = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  const parts = [
    `territory ${f(s.territory.black)} to ${f(s.territory.white)}`,
    `moyo ${f(s.moyo.black)} to ${f(s.moyo.white)}`,
  ];
  if (s.scoring === "area") parts.push(`stones ${s.stones.black} to ${s.stones.white}`);
  else parts.push(`prisoners ${s.prisoners.black + s.dead.white} to ${s.prisoners.white + s.dead.black}`);
  if (s.danger.black + s.danger.white >= 0.05) parts.push(`at stake ${f(s.danger.black)} to ${f(s.danger.white)}`);
  if (s.seki > 0) parts.push(`${s.seki} seki point${s.seki > 1 ? "s" : ""}`);
  parts.push(`komi ${s.komi}`);
  return `${lead} (${s.result}): ${parts.join(", ")}`;
}

export const score: Overlay = {
  id: "score",
  label: "Score estimate",
  description:
    "Who each point counts for in the estimate: a square in that side's colour, full size for a point of territory, smaller for a share of one (moyo, weak influence, a group at stake). Dead stones count for the side that took them; seki points count for nobody.",
  legend: sideLegend("square", "counts for Black (full size: a whole point)", "counts for White"),
  requires: ["scoreMap", "score"],
  draw(layer, a) {
    for (const m of scoreMarks(a.scoreMap, a.board, a.size)) {
      const h = m.side / 2;
      titled(
        svgEl(
          "rect",
          {
            x: m.x - h,
            y: m.y - h,
            width: m.side,
            height: m.side,
            fill: sideInk(m.black),
            stroke: sideInk(!m.black),
            "stroke-width": 0.02,
            opacity: 0.85,
            "data-score": m.black ? "black" : "white",
          },
          layer,
        ),
        m.title,
      );
    }
  },
};
