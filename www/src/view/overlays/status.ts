// Group status (life and death): dead stones crossed, stones of critical
// groups ringed, and the vital points of critical groups, where either
// side should play first. Each mark's tooltip says how the status is
// known: proved, or likely (read within a budget, or the playouts' verdict).

import { type BasisName, StatusCode, type GroupInfo, type Vertex } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint } from "../coords.js";
import { colorName } from "../text-board.js";
import { INK, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** A vital point of a critical group and what a move there does. */
export interface VitalPoint {
  vertex: Vertex;
  /** E.g. `"Black saves the group here"`. */
  title: string;
}

/** A marked stone and how its group's status is known (null: no group read holds it). */
export interface MarkedStone extends Vertex {
  basis: BasisName | null;
}

/** What the status overlay marks. */
export interface StatusMarks {
  /** Stones of dead groups. */
  dead: MarkedStone[];
  /** Stones of critical groups. */
  critical: MarkedStone[];
  /** For each critical group: the owner's saving move, then the opponent's killing move. */
  vital: VitalPoint[];
}

/** The marks of a `groupStatus` map (see `StatusCode`) and its groups. */
export function statusMarks(groupStatus: ArrayLike<number>, groups: readonly GroupInfo[], size: number): StatusMarks {
  const marks: StatusMarks = { dead: [], critical: [], vital: [] };
  const basis = new Map<number, BasisName>();
  for (const g of groups) for (const s of g.stones) basis.set(s.y * size + s.x, g.basis);
  eachPoint(groupStatus, size, (x, y, v) => {
    const stone = { x, y, basis: basis.get(y * size + x) ?? null };
    if (v === StatusCode.Dead) marks.dead.push(stone);
    else if (v === StatusCode.Critical) marks.critical.push(stone);
  });
  for (const g of groups) {
    if (g.state !== "critical") continue;
    const owner = colorName(g.color);
    const opponent = colorName(g.color === "black" ? "white" : "black");
    const saves = g.defenseKo ? "saves the group by winning a ko" : "saves the group";
    const kills = g.attackKo ? "kills the group by winning a ko" : "kills the group";
    if (g.defense) marks.vital.push({ vertex: g.defense, title: `${owner} ${saves} here` });
    if (g.attack) marks.vital.push({ vertex: g.attack, title: `${opponent} ${kills} here` });
  }
  return marks;
}

/** How a status is known, in the words of a mark's tooltip. */
export function basisText(basis: BasisName | null): string {
  switch (basis) {
    case "proved":
      return "proved";
    case "read":
      return "likely: read within the search's budget";
    case "playouts":
      return "likely: the quick games played out from here say so, against the reading";
    default:
      return "likely";
  }
}

/** Half the length of a cross's arm, in board units. */
const CROSS = 0.22;

/** A red cross over the dead stone at (x, y), with its tooltip. */
function crossOut(layer: SVGGElement, { x, y, basis }: MarkedStone): void {
  const g = svgEl(
    "g",
    {
      stroke: INK.lost,
      "stroke-width": 0.1,
      "stroke-linecap": "round",
      "data-status": "dead",
      "data-basis": basis ?? "",
    },
    layer,
  );
  svgEl("line", { x1: x - CROSS, y1: y - CROSS, x2: x + CROSS, y2: y + CROSS }, g);
  svgEl("line", { x1: x - CROSS, y1: y + CROSS, x2: x + CROSS, y2: y - CROSS }, g);
  titled(g, `dead (${basisText(basis)})`);
}

export const status: Overlay = {
  id: "status",
  label: "Group status",
  description:
    "Life and death: dead stones crossed, critical groups marked, with the vital point (where either side should play first). Read group by group (an enclosed group is proved by a complete search of its area), then checked by a few hundred quick games played out from the position: where those games clearly disagree with the reading, they decide (a seki, or a life that hangs on a ko, stays the reading's), and a critical group that such games keep after its killing move is alive. Each mark's tooltip says whether its status is proved or likely. Faded while the position is being read: the marks of the last position read, on the stones still on the board.",
  legend: [
    { color: INK.lost, shape: "square", label: "a dead stone (a cross on it)" },
    { color: INK.critical, shape: "ring", label: "a stone of a critical group" },
    { color: INK.critical, shape: "dot", label: "the vital point of a critical group" },
  ],
  requires: ["groupStatus", "groups"],
  draw(layer, a) {
    const marks = statusMarks(a.groupStatus, a.groups, a.size);
    for (const stone of marks.dead) crossOut(layer, stone);
    for (const { x, y, basis } of marks.critical) {
      titled(
        svgEl(
          "circle",
          {
            cx: x,
            cy: y,
            r: 0.36,
            fill: "none",
            stroke: INK.critical,
            "stroke-width": 0.08,
            "data-status": "critical",
            "data-basis": basis ?? "",
          },
          layer,
        ),
        `in a critical group (${basisText(basis)})`,
      );
    }
    for (const p of marks.vital) {
      titled(
        svgEl("circle", { cx: p.vertex.x, cy: p.vertex.y, r: 0.18, fill: INK.critical, "data-status": "vital" }, layer),
        `vital point: ${p.title}`,
      );
    }
  },
};
