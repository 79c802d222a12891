// Basins (paper): the watershed's basins as Tajima and Sanechika define
// them, one tint per basin in its side's colour with its number on its
// minimal point; the outer points (vacant points in no basin) marked in
// grey; the weakest boundary points of each basin ringed, their potential
// in the tooltip. It draws the analysis's `basins`, `basinList` and
// `potential` as they are: the basins under the page's moyo settings
// (a threshold of 0 gives the paper's algorithm as written).

import type { Analysis, BasinInfo } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint, rowMajor, vertexName } from "../coords.js";
import { colorName } from "../text-board.js";
import { INK, LABEL_SIZE, outlines, tint, tintAround, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/**
 * The hue of Black's basins (a blue) and of White's (an orange): one hue
 * per side, so that the colour alone says whose basin it is; basins of one
 * side side by side are told apart by two lightnesses in turn, their edges
 * and their numbers. Blue over the board's orange wood mixes towards grey,
 * so Black's tint is stronger (0.6) than White's (0.45): at 0.45 a blue on
 * the wood reads as grey.
 */
const BLACK_HUE = 215;
const WHITE_HUE = 32;

/** The tint of basin `label`: blue for Black (+), orange for White (-), darker for every second basin. */
export function basinTint(label: number): string {
  const odd = Math.abs(label) % 2 === 1;
  return label > 0 ? `hsla(${BLACK_HUE},90%,${odd ? 50 : 35}%,0.6)` : `hsla(${WHITE_HUE},85%,${odd ? 55 : 45}%,0.45)`;
}

/** The colour of the marks on outer points: a grey that reads on the wood and is neither side's. */
export const OUTER_INK = "rgba(60,60,60,0.8)";

/** The colour of the line round each basin: a dark grey, neither side's, that shows where two basins of one side meet. */
export const EDGE_INK = "rgba(40,40,40,0.7)";

/** A basin's number as written on the board: `"+1"`, `"-2"`. */
export function basinText(label: number): string {
  return `${label > 0 ? "+" : ""}${label}`;
}

/** A potential as written in a tooltip: `"+6"`, `"−38"`, `"0"`. */
export function potentialText(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : "0";
}

/** The vertices of a list as text: `"J11 and K11"`, `"A1, B1 and C1"`. */
function names(vs: readonly { x: number; y: number }[], size: number): string {
  const n = vs.map((v) => vertexName(v, size));
  return n.length <= 1 ? (n[0] ?? "") : `${n.slice(0, -1).join(", ")} and ${n[n.length - 1]}`;
}

/** The tooltip of a basin's point, e.g. `"L11: White basin -4 (potential −58); 9 points, minimal point N13"`. */
export function basinPointTitle(
  b: Pick<BasinInfo, "label" | "color" | "area" | "minimum">,
  x: number,
  y: number,
  value: number,
  size: number,
): string {
  return `${vertexName({ x, y }, size)}: ${colorName(b.color)} basin ${basinText(b.label)} (potential ${potentialText(value)}); ${b.area} point${b.area === 1 ? "" : "s"}, minimal point ${vertexName(b.minimum, size)}`;
}

/**
 * The tooltip of a basin's number, on its minimal point; `weakPotential` is
 * the potential at its weakest boundary points (they share it), e.g.
 * `"White basin -3: 6 points, minimal point J13; weakest boundary points J11 and K11 at potential −38"`.
 */
export function basinTitle(
  b: Pick<BasinInfo, "label" | "color" | "area" | "minimum" | "weakPoints">,
  weakPotential: number,
  size: number,
): string {
  const weak = b.weakPoints.length
    ? `weakest boundary point${b.weakPoints.length === 1 ? "" : "s"} ${names(b.weakPoints, size)} at potential ${potentialText(weakPotential)}`
    : "walled in by its own stones and the edges: no weak point";
  return `${colorName(b.color)} basin ${basinText(b.label)}: ${b.area} point${b.area === 1 ? "" : "s"}, minimal point ${vertexName(b.minimum, size)}; ${weak}`;
}

/** The tooltip of a weakest boundary point. */
export function weakPointTitle(
  b: Pick<BasinInfo, "label" | "color">,
  x: number,
  y: number,
  value: number,
  size: number,
): string {
  return `${vertexName({ x, y }, size)}: a weakest boundary point of ${colorName(b.color)} basin ${basinText(b.label)}, potential ${potentialText(value)}: the least |potential| on the basin's edge, where the enclosure is thinnest`;
}

/** The tooltip of an outer point. */
export function outerTitle(x: number, y: number, value: number, size: number): string {
  const why =
    value === 0
      ? "no potential, and no descent ends where it lies"
      : "its steepest descent runs into the other side's potential";
  return `${vertexName({ x, y }, size)}: an outer point, in no basin (potential ${potentialText(value)}): ${why}`;
}

/** One outer point: a vacant point (no stone) labelled 0. */
export function outerPoints(
  basins: ArrayLike<number>,
  board: ArrayLike<number>,
  size: number,
): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  eachPoint(basins, size, (x, y, l) => {
    if (l === 0 && !board[rowMajor(x, y, size)]) out.push({ x, y });
  });
  return out;
}

/**
 * Half the diagonal of an outer point's mark, a small diamond: square
 * corners set it apart from the round star points and from the board's
 * crossings, and it is small enough to leave the crossing readable.
 */
const OUTER_MARK_R = 0.14;

/** The radius of a weak point's ring: inside the point, clear of a stone's edge (0.47). */
const WEAK_RING_R = 0.3;

export const basins: Overlay = {
  id: "basins",
  label: "Basins (paper)",
  description:
    "Tajima and Sanechika's watershed: each basin (inner area) in its side's colour, its number on its minimal point; outer points marked grey; each basin's weakest boundary points ringed (hover for the potential). A moyo threshold of 0 (settings below) is the paper's algorithm as written.",
  legend: [
    { color: basinTint(1), shape: "square", label: "a Black basin (inner area), numbered +1, +2, ..." },
    { color: basinTint(-1), shape: "square", label: "a White basin (inner area), numbered -1, -2, ..." },
    { color: EDGE_INK, shape: "ring", label: "the edge of a basin" },
    { color: OUTER_INK, shape: "square", label: "an outer point (a small grey diamond): in no basin" },
    { color: INK.lost, shape: "ring", label: "a weakest boundary point of a basin (least |potential| on its edge)" },
  ],
  requires: ["basins", "basinList", "potential"],
  draw(layer, a: Analysis) {
    const size = a.size;
    const byLabel = new Map(a.basinList.map((b) => [b.label, b]));
    eachPoint(a.basins, size, (x, y, l) => {
      const b = byLabel.get(l);
      if (!b) return;
      const i = rowMajor(x, y, size);
      const title = basinPointTitle(b, x, y, a.potential[i] ?? 0, size);
      // A dead stone is classified like a vacant point; its tint goes round it so that it keeps its colour.
      if (a.board[i]) tintAround(layer, x, y, basinTint(l), title);
      else tint(layer, x, y, basinTint(l), title);
    });
    for (const d of outlines(a.basins, size, () => "all").values())
      svgEl("path", { d, fill: "none", stroke: EDGE_INK, "stroke-width": 0.04, "data-edges": "" }, layer);
    for (const { x, y } of outerPoints(a.basins, a.board, size)) {
      const r = OUTER_MARK_R;
      const points = `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`;
      const mark = svgEl("polygon", { points, fill: OUTER_INK, "data-outer": "", "data-x": x, "data-y": y }, layer);
      titled(mark, outerTitle(x, y, a.potential[rowMajor(x, y, size)] ?? 0, size));
    }
    for (const b of a.basinList) {
      const t = svgEl(
        "text",
        {
          x: b.minimum.x,
          y: b.minimum.y,
          "font-size": LABEL_SIZE,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          fill: "#fff",
          stroke: "#000",
          "stroke-width": 0.03,
          "paint-order": "stroke",
          "data-basin": b.label,
        },
        layer,
      );
      t.textContent = basinText(b.label);
      const first = b.weakPoints[0];
      titled(t, basinTitle(b, first ? (a.potential[rowMajor(first.x, first.y, size)] ?? 0) : 0, size));
      for (const w of b.weakPoints) {
        const ring = svgEl(
          "circle",
          {
            cx: w.x,
            cy: w.y,
            r: WEAK_RING_R,
            fill: "none",
            stroke: INK.lost,
            "stroke-width": 0.07,
            "data-weak": b.label,
            "data-vertex": vertexName(w, size),
          },
          layer,
        );
        titled(ring, weakPointTitle(b, w.x, w.y, a.potential[rowMajor(w.x, w.y, size)] ?? 0, size));
      }
    }
  },
};
