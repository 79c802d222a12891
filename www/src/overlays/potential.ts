// Potential values as a heat map over the empty points: dark for Black,
// light for White, opaque by |value| against the board's largest.

import { eachPoint, rowMajor } from "../coords.js";
import { tint } from "./draw.js";
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
    cells.push({ x, y, value: v, fill: v > 0 ? `rgba(0,0,0,${alpha})` : `rgba(255,255,255,${alpha})` });
  });
  return cells;
}

export const potential: Overlay = {
  id: "potential",
  label: "Potential",
  description: "Potential values as a heat map: dark for Black, light for White; hover a point for its value.",
  legend: [
    { color: "rgba(0,0,0,0.6)", shape: "square", label: "Black's potential" },
    { color: "rgba(255,255,255,0.6)", shape: "square", label: "White's potential" },
  ],
  requires: ["potential"],
  draw(layer, a) {
    for (const c of potentialCells(a.potential, a.board, a.size)) tint(layer, c.x, c.y, c.fill, `potential ${c.value}`);
  },
};
