// Potential values as a heat map over the empty points: dark for Black,
// light for White, opaque by |value| against the board's largest.

import { eachPoint, rowMajor } from "../coords.js";
import { sideLegend, sideTint, tint } from "./draw.js";
import type { Overlay } from "./registry.js";

/** One tinted point. */
export interface PotentialCell {
  x: number;
  y: number;
  /** The CSS fill. */
  fill: string;
  /** The potential value (the tooltip's number). */
  value: number;
}

/** The empty points with their tint: |value| / the largest |value| on the board, times 0.65. */
export function potentialCells(potential: ArrayLike<number>, board: ArrayLike<number>, size: number): PotentialCell[] {
  let max = 1;
  for (let i = 0; i < potential.length; i++) max = Math.max(max, Math.abs(potential[i] ?? 0));
  const cells: PotentialCell[] = [];
  eachPoint(potential, size, (x, y, v) => {
    if (board[rowMajor(x, y, size)]) return;
    const alpha = ((Math.abs(v) / max) * 0.65).toFixed(3);
    cells.push({ x, y, value: v, fill: sideTint(v > 0, alpha) });
  });
  return cells;
}

/** The legend swatches' opacity: a strong point's tint. */
const LEGEND_ALPHA = 0.6;

export const potential: Overlay = {
  id: "potential",
  label: "Potential",
  description: "Potential values as a heat map: dark for Black, light for White; hover a point for its value.",
  legend: sideLegend("square", "Black's potential", "White's potential", (black) => sideTint(black, LEGEND_ALPHA)),
  requires: ["potential"],
  draw(layer, a) {
    for (const c of potentialCells(a.potential, a.board, a.size)) tint(layer, c.x, c.y, c.fill, `potential ${c.value}`);
  },
};
