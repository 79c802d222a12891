// Danger: how many moku each group could lose, from the reading. A red
// tint over each danger unit (a group with its area, or dead stones), as
// dark as the share of its value at stake — all of it for a dead group,
// half for a critical one, a little for a living group short of eyes,
// nothing for a group with two eyes or in seki — the moku written on the
// group, and the vital point of a critical group marked.

import type { DangerUnit, StatusName } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint, rowMajor, vertexName } from "../coords.js";
import { colorName } from "../text-board.js";
import { INK, tint, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** Below this many moku at stake a unit is not tinted (noise). */
const DANGER_SHOWN = 0.05;
/** From this many moku at stake the figure is written on the group. */
const LABEL_MOKU = 1;
/** The red tint's opacity: this much for a unit with anything at stake... */
const ALPHA_MIN = 0.12;
/** ...plus this much times the share of its value at stake (dead: 1, critical: 0.5). */
const ALPHA_PER_SHARE = 0.58;

/** The share of a unit's value at stake, 0..1. */
export function shareAtStake(u: Pick<DangerUnit, "danger" | "value">): number {
  return u.value > 0 ? Math.min(1, u.danger / u.value) : 0;
}

/** The opacity of a unit's tint: darker for a larger share at stake. */
export function dangerAlpha(u: Pick<DangerUnit, "danger" | "value">): number {
  return ALPHA_MIN + ALPHA_PER_SHARE * shareAtStake(u);
}

/** What a status means for the group, in the tooltip. */
function statusWords(s: StatusName): string {
  switch (s) {
    case "dead":
      return "dead";
    case "critical":
      return "critical: whoever plays first decides";
    case "seki":
      return "in seki";
    default:
      return "alive";
  }
}

/** The tooltip of a unit, e.g. `"Black group at C4, critical: whoever plays first decides. 9.0 of 18.0 moku at stake; vital point D5."`. */
export function unitTitle(u: DangerUnit, size: number): string {
  const who = `${colorName(u.color)} ${u.stones > 0 ? "group" : "area"} at ${vertexName(u.anchor, size)}, ${statusWords(u.status)}.`;
  const stake =
    u.status === "dead"
      ? ` ${u.danger.toFixed(1)} moku lost.`
      : ` ${u.danger.toFixed(1)} of ${u.value.toFixed(1)} moku at stake`;
  const vital = u.vital ? `; vital point ${vertexName(u.vital, size)}.` : u.status === "dead" ? "" : ".";
  return `${who}${stake}${vital}`;
}

/** One tinted point. */
export interface DangerCell {
  x: number;
  y: number;
  alpha: number;
  title: string;
}

/**
 * The ring on a stone at stake, in board units: inside the stone's rim (its
 * radius is 0.47 in board-view.ts, so 0.42 + 0.05 reaches it), leaving the
 * middle in the stone's colour; 0.1 wide to show the red's strength.
 */
const STONE_RING_R = 0.42;
const STONE_RING_WIDTH = 0.1;

/** The points of the units with something at stake, with their tint. */
export function dangerCells(dangerIds: ArrayLike<number>, units: readonly DangerUnit[], size: number): DangerCell[] {
  const cells: DangerCell[] = [];
  eachPoint(dangerIds, size, (x, y, id) => {
    const u = units[id - 1];
    if (!u || u.danger < DANGER_SHOWN) return;
    cells.push({ x, y, alpha: dangerAlpha(u), title: unitTitle(u, size) });
  });
  return cells;
}

/** The figure written on a unit: whole moku, one decimal below 10. */
export function dangerText(moku: number): string {
  return moku < 10 ? moku.toFixed(1) : moku.toFixed(0);
}

/** The units whose figure is written on the board (at least {@link LABEL_MOKU} at stake). */
export function labelledUnits(units: readonly DangerUnit[]): DangerUnit[] {
  return units.filter((u) => u.danger >= LABEL_MOKU);
}

export const danger: Overlay = {
  id: "danger",
  label: "Danger",
  description:
    "How many moku each group could lose, read from its life and death: the darker the red, the larger the share of the group at stake (a ring round its stones, a tint on its empty points); the figure is the moku at stake.",
  legend: [
    {
      color: `rgba(220,40,40,${(ALPHA_MIN + ALPHA_PER_SHARE).toFixed(2)})`,
      shape: "square",
      label: "a dead group: all its moku are lost",
    },
    {
      color: `rgba(220,40,40,${(ALPHA_MIN + ALPHA_PER_SHARE / 2).toFixed(2)})`,
      shape: "square",
      label: "a critical group: half at stake, whoever plays first decides",
    },
    {
      color: `rgba(220,40,40,${(ALPHA_MIN + 0.05).toFixed(2)})`,
      shape: "square",
      label: "a living group short of eyes: a little at stake",
    },
    { color: INK.critical, shape: "dot", label: "the vital point of a critical group" },
  ],
  requires: ["dangerIds", "dangers"],
  // Its figures are written on the groups' stones, where Group status crosses out the dead ones.
  onTop: true,
  draw(layer, a) {
    for (const c of dangerCells(a.dangerIds, a.dangers, a.size)) {
      const red = `rgba(220,40,40,${c.alpha.toFixed(3)})`;
      // A stone keeps its colour: the red rings it; an empty point of the group is tinted.
      if (a.board[rowMajor(c.x, c.y, a.size)])
        titled(
          svgEl(
            "circle",
            { cx: c.x, cy: c.y, r: STONE_RING_R, fill: "none", stroke: red, "stroke-width": STONE_RING_WIDTH },
            layer,
          ),
          c.title,
        );
      else tint(layer, c.x, c.y, red, c.title);
    }
    for (const u of labelledUnits(a.dangers)) {
      const t = svgEl(
        "text",
        {
          x: u.anchor.x,
          y: u.anchor.y,
          "font-size": 0.34,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          fill: "#fff",
          stroke: "#600",
          // A halo wide enough to read the figure over a status cross or a white stone.
          "stroke-width": 0.07,
          "paint-order": "stroke",
          "data-danger": u.id,
        },
        layer,
      );
      t.textContent = dangerText(u.danger);
      titled(t, unitTitle(u, a.size));
    }
    for (const u of a.dangers) {
      if (u.status !== "critical" || !u.vital) continue;
      const { x, y } = u.vital;
      titled(
        svgEl(
          "path",
          {
            d: `M${x} ${y - 0.2}L${x + 0.2} ${y}L${x} ${y + 0.2}L${x - 0.2} ${y}Z`,
            fill: INK.critical,
            stroke: "#000",
            "stroke-width": 0.03,
            "data-vital": u.id,
          },
          layer,
        ),
        `vital point of the ${colorName(u.color)} group at ${vertexName(u.anchor, a.size)}`,
      );
    }
  },
};
