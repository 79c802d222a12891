// Handtalk's blocks: each block (stones with the area they hold) outlined
// in its colour, its id written at its first point.

import type { BlockInfo, Color } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { LABEL_SIZE, outlines, sideInk, sideLegend } from "./draw.js";
import type { Overlay } from "./registry.js";

/**
 * The outline of every block as SVG path data, one path per colour: the
 * edges of each point where its neighbour belongs to another block (or
 * is off the board).
 */
export function blockOutlines(
  blockIds: ArrayLike<number>,
  blocks: readonly Pick<BlockInfo, "color">[],
  size: number,
): Map<Color, string> {
  return outlines(blockIds, size, (b): Color => (blocks[b - 1]?.color === "white" ? "white" : "black"));
}

export const blocks: Overlay = {
  id: "blocks",
  label: "Block outlines",
  description: "Handtalk's blocks: stones with the area they hold, outlined; the number is the block's id.",
  legend: sideLegend("square", "outline of a Black block", "outline of a White block"),
  requires: ["blockIds", "blocks"],
  draw(layer, a) {
    for (const [color, d] of blockOutlines(a.blockIds, a.blocks, a.size)) {
      svgEl(
        "path",
        {
          d,
          fill: "none",
          stroke: sideInk(color === "black"),
          "stroke-width": 0.08,
          "stroke-linecap": "square",
          opacity: 0.85,
        },
        layer,
      );
    }
    for (const b of a.blocks) {
      const white = b.color === "white";
      const t = svgEl(
        "text",
        {
          x: b.anchor.x - 0.42,
          y: b.anchor.y - 0.3,
          "font-size": LABEL_SIZE,
          fill: sideInk(!white),
          stroke: sideInk(white),
          "stroke-width": 0.02,
        },
        layer,
      );
      t.textContent = String(b.id);
    }
  },
};
