// Block danger: a red tint over each endangered block, darker for more
// moku at stake.

import type { BlockInfo } from "../../pkg/moku.js";
import { eachPoint, rowMajor } from "../coords.js";
import { colorName } from "../text-board.js";
import { tint } from "./draw.js";
import type { Overlay } from "./registry.js";

/** Below this many moku a point is not tinted (the danger is noise). */
const DANGER_SHOWN = 0.05;

/** One tinted point. */
export interface DangerCell {
  x: number;
  y: number;
  /** Opacity of the red: 0.12 plus 1/25 per moku, at most 0.7. */
  alpha: number;
  /** The tooltip, e.g. `"Black block 3: danger 4.5 moku"`. */
  title: string;
}

/** The points of endangered blocks with their tint. */
export function dangerCells(
  danger: ArrayLike<number>,
  blockIds: ArrayLike<number>,
  blocks: readonly Pick<BlockInfo, "id" | "color">[],
  size: number,
): DangerCell[] {
  const cells: DangerCell[] = [];
  eachPoint(danger, size, (x, y, v) => {
    const m = Math.abs(v);
    if (m < DANGER_SHOWN) return;
    const block = blocks[(blockIds[rowMajor(x, y, size)] ?? 0) - 1];
    const owner = block ? `${colorName(block.color)} block ${block.id}: ` : "";
    cells.push({ x, y, alpha: Math.min(0.7, 0.12 + m / 25), title: `${owner}danger ${m.toFixed(1)} moku` });
  });
  return cells;
}

export const danger: Overlay = {
  id: "danger",
  label: "Danger heat",
  description: "How many moku each block could lose: red tint by danger; hover a point for the figure.",
  legend: [{ color: "rgba(220,40,40,0.6)", shape: "square", label: "endangered block (darker: more moku at stake)" }],
  requires: ["danger", "blockIds", "blocks"],
  draw(layer, a) {
    for (const c of dangerCells(a.danger, a.blockIds, a.blocks, a.size)) tint(layer, c.x, c.y, `rgba(220,40,40,${c.alpha.toFixed(3)})`, c.title);
  },
};
