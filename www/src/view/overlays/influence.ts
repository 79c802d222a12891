// Handtalk's influence dots: one dot per empty point, its size by
// strength (1 to 6), its colour by side; ±1 (a false eye) ringed in red.

import { svgEl } from "../board-view.js";
import { eachPoint, rowMajor } from "../coords.js";
import { INK, sideInk, sideLegend, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** One dot to draw. */
export interface Dot {
  x: number;
  y: number;
  /** The dots, -6..6, Black positive. */
  value: number;
  /** Radius in board units: grows with |value|. */
  radius: number;
  /** Whether it marks a false eye (±1). */
  falseEye: boolean;
  /** The tooltip, e.g. `"Black 3 dots"`. */
  title: string;
}

/** The dots of the empty points (stones read ±6 and are left out). */
export function influenceDots(influence: ArrayLike<number>, board: ArrayLike<number>, size: number): Dot[] {
  const dots: Dot[] = [];
  eachPoint(influence, size, (x, y, v) => {
    if (!v || board[rowMajor(x, y, size)]) return;
    const n = Math.abs(v);
    const falseEye = n === 1;
    const title = `${v > 0 ? "Black" : "White"} ${n} dot${n > 1 ? "s" : ""}${falseEye ? " (false eye)" : ""}`;
    dots.push({ x, y, value: v, radius: 0.04 + 0.03 * n, falseEye, title });
  });
  return dots;
}

export const influence: Overlay = {
  id: "influence",
  label: "Influence dots",
  description: "Handtalk's dots: dot size by strength (1 to 6), colour by side; false eyes ringed in red.",
  legend: [
    ...sideLegend("dot", "Black's influence (bigger is stronger, 6 is full control)", "White's influence"),
    { color: INK.lost, shape: "ring", label: "±1: a false eye" },
  ],
  requires: ["influence"],
  draw(layer, a) {
    for (const d of influenceDots(a.influence, a.board, a.size)) {
      titled(
        svgEl(
          "circle",
          {
            cx: d.x,
            cy: d.y,
            r: d.radius,
            fill: sideInk(d.value > 0),
            stroke: "#555",
            "stroke-width": 0.015,
            opacity: 0.8,
          },
          layer,
        ),
        d.title,
      );
      if (d.falseEye)
        svgEl("circle", { cx: d.x, cy: d.y, r: 0.2, fill: "none", stroke: INK.lost, "stroke-width": 0.05 }, layer);
    }
  },
};
