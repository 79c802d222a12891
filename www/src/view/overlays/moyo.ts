// Moyo: each side's frameworks and territories as areas (the touching
// basins of the watershed merged), one tint per area and its number on
// it; the gaps where a player would close an area or break into it
// ringed, the five weakest of them. Hovering a point shows the paper's completion:
// how a move there would change each side's moyo.

import type { Analysis, Area, BasinInfo, Gap } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { eachPoint, rowMajor, vertexName } from "../coords.js";
import { colorName } from "../text-board.js";
import { INK, LABEL_SIZE, tint, tintAround, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/**
 * The hues of a side's areas, in turn: blues for Black, oranges for White.
 * Each side keeps to its own family so that the colour alone says whose
 * area it is, however many areas there are (a hue step round the whole
 * wheel turned Black's sixth area orange and White's third green); the
 * numbers written on the areas tell areas of one side apart.
 */
const BLACK_HUES = [210, 240, 190, 262, 225, 200];
const WHITE_HUES = [30, 48, 15, 40, 22, 56];

/** The tint of area `label`: a blue for Black (+), an orange for White (-), lighter for every second area. */
export function areaTint(label: number): string {
  const k = Math.abs(label) - 1;
  const hues = label > 0 ? BLACK_HUES : WHITE_HUES;
  const hue = hues[k % hues.length] ?? hues[0];
  return label > 0
    ? `hsla(${hue},70%,${k % 2 === 0 ? 35 : 45}%,0.45)`
    : `hsla(${hue},80%,${k % 2 === 0 ? 60 : 50}%,0.45)`;
}

/** An area's number as written on the board: `"+1"`, `"-2"`. */
export function areaText(label: number): string {
  return `${label > 0 ? "+" : ""}${label}`;
}

/** The tooltip of an area, e.g. `"Black area +2: 43 points (3 basins of the watershed)"`. */
export function areaTitle(a: Pick<Area, "label" | "color" | "points" | "basins">): string {
  const basins = a.basins.length === 1 ? "one basin" : `${a.basins.length} basins`;
  return `${colorName(a.color)} area ${areaText(a.label)}: ${a.points} points (${basins} of the watershed)`;
}

/** The tooltip of a gap, e.g. `"Gap 1 (of the 5 weakest) of Black area +1 at C6: Black closes the area here, White breaks in here"`. */
export function gapTitle(area: Pick<Area, "label" | "color">, gap: Gap, rank: number, size: number): string {
  const owner = colorName(area.color);
  const other = area.color === "black" ? "White" : "Black";
  return `Gap ${rank} (of the ${GAPS_SHOWN} weakest) of ${owner} area ${areaText(area.label)} at ${vertexName(gap.point, size)}: ${owner} closes the area here, ${other} breaks in here (the enclosure's potential beside it, ${vertexName(gap.beside, size)}: ${gap.weakness})`;
}

/**
 * The gaps ringed on the board: the weakest of all areas' gaps (the
 * smallest potential beside them, the thinnest enclosure), at most
 * {@link GAPS_SHOWN}, ranked 1 the weakest; ties keep the areas' order.
 */
export function rankedGaps<A extends { gaps: readonly Gap[] }>(areas: readonly A[]): { area: A; gap: Gap }[] {
  const all = areas.flatMap((area) => area.gaps.map((gap) => ({ area, gap })));
  return all.sort((a, b) => a.gap.weakness - b.gap.weakness).slice(0, GAPS_SHOWN);
}

/** How many gaps are ringed: a handful a player can weigh (each area has up to three, so a 19x19 opening showed about 25). */
export const GAPS_SHOWN = 5;

/** Each side's inner area: the points of its basins (what the paper's completion compares). */
export function innerAreas(basins: readonly Pick<BasinInfo, "color" | "area">[]): { black: number; white: number } {
  const out = { black: 0, white: 0 };
  for (const b of basins) out[b.color] += b.area;
  return out;
}

/** The completion of a move, from the analyses before and after it: `"Black's moyo +7 points, White's -2"`. */
export function completionText(
  before: readonly Pick<BasinInfo, "color" | "area">[],
  after: readonly Pick<BasinInfo, "color" | "area">[],
): string {
  const b = innerAreas(before);
  const a = innerAreas(after);
  const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10");
  return `Black's moyo ${signed(a.black - b.black)} points, White's ${signed(a.white - b.white)}`;
}

export const moyo: Overlay = {
  id: "moyo",
  label: "Moyo",
  description:
    "Each side's frameworks and territories by the potential's watershed: one tint per area, its number on it; the gaps where a player would close an area or break in are ringed, 1 the weakest.",
  legend: [
    {
      color: areaTint(1),
      shape: "square",
      label: "a Black area, a shade of blue from teal to violet, one per area (number: +1, +2, ... in reading order)",
    },
    {
      color: areaTint(-1),
      shape: "square",
      label: "a White area, a shade of orange from red to yellow, one per area (number: -1, -2, ...)",
    },
    { color: INK.lost, shape: "ring", label: "a gap: where the area leaks, to close or to break in" },
  ],
  requires: ["areaIds", "areas"],
  draw(layer, a: Analysis) {
    const byLabel = new Map(a.areas.map((ar) => [ar.label, ar]));
    eachPoint(a.areaIds, a.size, (x, y, v) => {
      const ar = byLabel.get(v);
      if (!ar) return;
      // A stone inside an area keeps its colour: the tint goes round it.
      if (a.board[rowMajor(x, y, a.size)]) tintAround(layer, x, y, areaTint(v), areaTitle(ar));
      else tint(layer, x, y, areaTint(v), areaTitle(ar));
    });
    for (const ar of a.areas) {
      const t = svgEl(
        "text",
        {
          x: ar.anchor.x,
          y: ar.anchor.y,
          "font-size": 0.38,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          fill: "#fff",
          stroke: "#000",
          "stroke-width": 0.03,
          "data-area": ar.label,
        },
        layer,
      );
      t.textContent = areaText(ar.label);
      titled(t, areaTitle(ar));
    }
    rankedGaps(a.areas).forEach(({ area: ar, gap: g }, i) => {
      const ring = svgEl(
        "circle",
        {
          cx: g.point.x,
          cy: g.point.y,
          r: 0.3,
          fill: "none",
          stroke: INK.lost,
          "stroke-width": 0.07,
          "data-gap": ar.label,
        },
        layer,
      );
      titled(ring, gapTitle(ar, g, i + 1, a.size));
      const n = svgEl(
        "text",
        {
          x: g.point.x + 0.3,
          y: g.point.y - 0.28,
          "font-size": LABEL_SIZE,
          fill: INK.lost,
          stroke: "#fff",
          "stroke-width": 0.02,
          "paint-order": "stroke",
        },
        layer,
      );
      n.textContent = String(i + 1);
    });
  },
};
