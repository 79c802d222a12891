// Endgame regions: each region outlined in a colour for its temperature
// (grey when settled, yellow to red as it gets hotter, dashed when the
// value is approximate), its temperature and mean written at its first
// point; hovering a region shows its thermograph's numbers. The best
// endgame moves of the side to move are numbered, with their reasons.

import type { EndgameMoveInfo, RegionInfo, WallPoint } from "../../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import { rowMajor, vertexName } from "../coords.js";
import { LABEL_SIZE, outlines, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** Half a point: a region's tint spans one point around its vertex. */
const H = 0.5;

/**
 * The colour of the best endgame moves' rings: pale discs ringed and
 * numbered in purple, unlike the filled blue discs that number moku's
 * candidates, since both can be on the board at once with the same numbers.
 */
export const ENDGAME_MOVE_COLOR = "#7a3e9d";

/** The inside of those rings: a pale tint of the same hue (every colour an overlay draws is its legend's). */
const ENDGAME_MOVE_TINT = "#efe3f5";

/** How many of the best endgame moves are numbered on the board. */
export const MARKED_MOVES = 3;

/** The temperature at which a region's outline is halfway from yellow to red (points). */
const HALF_HOT = 2;

/**
 * The outline of every region as SVG path data, by region id: the edges of
 * each point where its neighbour is in another region (or off the board).
 */
export function regionOutlines(regionIds: ArrayLike<number>, size: number): Map<number, string> {
  return outlines(regionIds, size, (r) => r);
}

/** The outline colour of a region of temperature `t`: grey at 0, then from yellow (hue 55) to red (hue 0) as t grows. */
export function temperatureColor(t: number): string {
  if (t <= 0) return "hsl(0,0%,45%)";
  const hue = Math.round(55 * (1 - t / (t + HALF_HOT)));
  return `hsl(${hue},90%,45%)`;
}

/** A number as written on the board: at most two decimals, trailing zeros dropped (`"0.5"`, `"1.33"`, `"2"`). */
export function short(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

/** A mean with its sign: `"+0.5"` (Black's), `"-2"` (White's), `"0"`. */
export function signed(v: number): string {
  const s = short(v);
  return v > 0 && s !== "0" ? `+${s}` : s;
}

/** A wall as text: `"1 at t=0, 0.5 from t=0.5"` (its corners; the last one starts the mast). */
export function wallText(wall: readonly WallPoint[]): string {
  return wall
    .map((c, i) => `${short(c.v)} ${i === wall.length - 1 && i > 0 ? "from" : "at"} t=${short(c.t)}`)
    .join(", ");
}

/** The hover text of a region: its kind, mean, temperature, walls and best moves. */
export function regionTitle(r: RegionInfo, size: number): string {
  const kind = r.approx ? `${r.kind}, approximate` : r.kind;
  const best = [
    r.black ? `Black ${vertexName(r.black, size)}` : "",
    r.white ? `White ${vertexName(r.white, size)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    `Region ${r.id} (${r.origin}, ${kind}): mean ${signed(r.mean)} for Black (${r.meanExact}), ` +
    `temperature ${short(r.temperature)} (${r.temperatureExact}); ` +
    `left wall ${wallText(r.leftWall)}; right wall ${wallText(r.rightWall)}` +
    (best ? `; best moves: ${best}` : "")
  );
}

/** The hover text of a numbered endgame move: `"1. D4: gote, 1/2 point"`. */
export function moveTitle(m: EndgameMoveInfo, rank: number, size: number): string {
  return `${rank}. ${vertexName(m.point, size)}: ${m.text}`;
}

export const regions: Overlay = {
  id: "regions",
  label: "Endgame regions",
  description:
    "Local regions between settled stones, outlined by temperature (what a move there is worth), with the temperature and the mean (points for Black) at the first point; the side to move's best endgame moves numbered. Hover a region for its thermograph.",
  legend: [
    { color: temperatureColor(0), shape: "square", label: "a settled region (temperature 0)" },
    { color: temperatureColor(0.5), shape: "square", label: "a cool region (temperature 1/2)" },
    { color: temperatureColor(4), shape: "square", label: "a hot region (temperature 4)" },
    { color: ENDGAME_MOVE_COLOR, shape: "ring", label: "the best endgame moves, numbered (reason on hover)" },
  ],
  requires: ["regionIds", "regions", "endgame"],
  draw(layer, a) {
    const outlines = regionOutlines(a.regionIds, a.size);
    for (const r of a.regions) {
      const g = svgEl("g", { "data-region": r.id, "data-kind": r.approx ? "approx" : r.kind }, layer);
      const title = regionTitle(r, a.size);
      // A faint fill under the outline makes the region hoverable; its stones keep their colours, unfilled.
      for (const p of r.points) {
        if (a.board[rowMajor(p.x, p.y, a.size)]) continue;
        titled(
          svgEl(
            "rect",
            { x: p.x - H, y: p.y - H, width: 1, height: 1, fill: temperatureColor(r.temperature), opacity: 0.12 },
            g,
          ),
          title,
        );
      }
      const d = outlines.get(r.id);
      if (d) {
        const outline = svgEl(
          "path",
          { d, fill: "none", stroke: temperatureColor(r.temperature), "stroke-width": 0.1, "stroke-linecap": "square" },
          g,
        );
        if (r.approx) outline.setAttribute("stroke-dasharray", "0.25 0.15");
        titled(outline, title);
      }
      const first = r.points[0];
      if (first) {
        const t = svgEl(
          "text",
          {
            x: first.x - 0.42,
            y: first.y - 0.16,
            "font-size": LABEL_SIZE,
            fill: "#000",
            stroke: "#fff",
            "stroke-width": 0.05,
            "paint-order": "stroke",
          },
          g,
        );
        t.textContent = short(r.temperature);
        const m = svgEl(
          "text",
          {
            x: first.x - 0.42,
            y: first.y + 0.28,
            "font-size": LABEL_SIZE,
            fill: "#333",
            stroke: "#fff",
            "stroke-width": 0.04,
            "paint-order": "stroke",
          },
          g,
        );
        m.textContent = signed(r.mean);
      }
    }
    a.endgame.slice(0, MARKED_MOVES).forEach((m, i) => {
      const g = titled(svgEl("g", { "data-endgame": i + 1 }, layer), moveTitle(m, i + 1, a.size));
      svgEl(
        "circle",
        {
          cx: m.point.x,
          cy: m.point.y,
          r: 0.26,
          fill: ENDGAME_MOVE_TINT,
          stroke: ENDGAME_MOVE_COLOR,
          "stroke-width": 0.07,
        },
        g,
      );
      const n = svgEl(
        "text",
        {
          x: m.point.x,
          y: m.point.y,
          "font-size": 0.32,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          fill: ENDGAME_MOVE_COLOR,
          "font-weight": "bold",
        },
        g,
      );
      n.textContent = String(i + 1);
    });
  },
};
