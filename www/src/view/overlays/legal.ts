// Legal moves: a small dot where the side to move may play.

import type { Vertex } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint } from "../coords.js";
import type { Overlay } from "./registry.js";

/** The points marked 1 in a legal-moves map, row by row from the top-left. */
export function legalPoints(legal: ArrayLike<number>, size: number): Vertex[] {
  const points: Vertex[] = [];
  eachPoint(legal, size, (x, y, v) => {
    if (v) points.push({ x, y });
  });
  return points;
}

export const legal: Overlay = {
  id: "legal",
  label: "Legal moves",
  description: "Small dots on the points where the side to move may play.",
  legend: [{ color: "rgba(30,90,200,0.8)", shape: "dot", label: "the side to move may play here" }],
  requires: ["legal"],
  draw(layer, a) {
    for (const { x, y } of legalPoints(a.legal, a.size))
      svgEl("circle", { cx: x, cy: y, r: 0.09, fill: "rgba(30,90,200,0.8)" }, layer);
  },
};
