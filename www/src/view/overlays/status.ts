// Group status (life and death): dead stones crossed, stones of critical
// groups ringed, and the vital points of critical groups, where either
// side should play first.

import { StatusCode, type GroupInfo, type Vertex } from "../../../pkg/moku.js";
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

/** What the status overlay marks. */
export interface StatusMarks {
  /** Stones of dead groups. */
  dead: Vertex[];
  /** Stones of critical groups. */
  critical: Vertex[];
  /** For each critical group: the owner's saving move, then the opponent's killing move. */
  vital: VitalPoint[];
}

/** The marks of a `groupStatus` map (see `StatusCode`) and its groups. */
export function statusMarks(groupStatus: ArrayLike<number>, groups: readonly GroupInfo[], size: number): StatusMarks {
  const marks: StatusMarks = { dead: [], critical: [], vital: [] };
  eachPoint(groupStatus, size, (x, y, v) => {
    if (v === StatusCode.Dead) marks.dead.push({ x, y });
    else if (v === StatusCode.Critical) marks.critical.push({ x, y });
  });
  for (const g of groups) {
    if (g.state !== "critical") continue;
    const owner = colorName(g.color);
    const opponent = colorName(g.color === "black" ? "white" : "black");
    if (g.defense) marks.vital.push({ vertex: g.defense, title: `${owner} saves the group here` });
    if (g.attack) marks.vital.push({ vertex: g.attack, title: `${opponent} kills the group here` });
  }
  return marks;
}

/** Half the length of a cross's arm, in board units. */
const CROSS = 0.22;

/** A red cross over the dead stone at (x, y), with its tooltip. */
function crossOut(layer: SVGGElement, x: number, y: number): void {
  const g = svgEl(
    "g",
    { stroke: INK.lost, "stroke-width": 0.1, "stroke-linecap": "round", "data-status": "dead" },
    layer,
  );
  svgEl("line", { x1: x - CROSS, y1: y - CROSS, x2: x + CROSS, y2: y + CROSS }, g);
  svgEl("line", { x1: x - CROSS, y1: y + CROSS, x2: x + CROSS, y2: y - CROSS }, g);
  titled(g, "dead");
}

export const status: Overlay = {
  id: "status",
  label: "Group status",
  description:
    "Life and death: dead stones crossed, critical groups marked, with the vital point (where either side should play first). Read group by group, then checked by a few hundred quick games played out from the position: where those games clearly disagree, they decide. Faded while the position is being read: the marks of the last position read, on the stones still on the board.",
  legend: [
    { color: INK.lost, shape: "square", label: "a dead stone (a cross on it)" },
    { color: INK.critical, shape: "ring", label: "a stone of a critical group" },
    { color: INK.critical, shape: "dot", label: "the vital point of a critical group" },
  ],
  requires: ["groupStatus", "groups"],
  draw(layer, a) {
    const marks = statusMarks(a.groupStatus, a.groups, a.size);
    for (const { x, y } of marks.dead) crossOut(layer, x, y);
    for (const { x, y } of marks.critical) {
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
          },
          layer,
        ),
        "in a critical group",
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
