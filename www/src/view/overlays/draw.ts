// SVG shapes the overlays share, in board units (vertex (x, y) at (x, y)).

import { svgEl } from "../board-view.js";
import { eachPoint, rowMajor } from "../coords.js";
import type { LegendEntry } from "./registry.js";

/**
 * The colours the overlays share, one definition each so that a legend's
 * swatch is the colour its layer draws: each side's own, the red of what
 * is lost or leaks (dead stones, false eyes, gaps) and the orange of what
 * is at stake (critical groups and their vital points).
 */
export const INK = { black: "#000", white: "#fff", lost: "#d22", critical: "#e80" } as const;

/**
 * The font size of the figures the overlays write on the board, in board
 * units (one unit between two lines): 11 CSS px on a 19x19 board at a
 * 1280x900 window, whose board is about 756 px for 21 units (the 19 lines
 * and the coordinates), 36 px a unit.
 */
export const LABEL_SIZE = 0.32;

/** The colour of Black (`black`) or White. */
export function sideInk(black: boolean): string {
  return black ? INK.black : INK.white;
}

/** Black's (`black`) or White's colour at opacity `alpha` (a CSS number, e.g. `"0.6"`). */
export function sideTint(black: boolean, alpha: number | string): string {
  return black ? `rgba(0,0,0,${alpha})` : `rgba(255,255,255,${alpha})`;
}

/** The legend lines of a layer drawn in each side's colour (`ink`, by default `sideInk`): Black's, then White's. */
export function sideLegend(
  shape: LegendEntry["shape"],
  black: string,
  white: string,
  ink: (black: boolean) => string = sideInk,
): LegendEntry[] {
  return [
    { color: ink(true), shape, label: black },
    { color: ink(false), shape, label: white },
  ];
}

/** Half a point: an outline runs between two points. */
const H = 0.5;

/** Adds a tooltip (an SVG `<title>`) to an element: the number on hover. */
export function titled<E extends SVGElement>(el: E, text: string): E {
  svgEl("title", {}, el).textContent = text;
  return el;
}

/** A square of one point filled with `fill`, with a tooltip. */
export function tint(layer: SVGGElement, x: number, y: number, fill: string, title: string): SVGRectElement {
  return titled(svgEl("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill }, layer), title);
}

/** The radius of the hole {@link tintAround} leaves: a stone's (0.47 in board-view.ts). */
const STONE_HOLE_R = 0.47;

/** A point's tint round the stone on it: the square less the stone's disc, so that the area reads whole and the stone keeps its colour. */
export function tintAround(layer: SVGGElement, x: number, y: number, fill: string, title: string): SVGPathElement {
  const r = STONE_HOLE_R;
  const d = `M${x - 0.5},${y - 0.5}h1v1h-1z` + `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0z`;
  return titled(svgEl("path", { d, fill, "fill-rule": "evenodd" }, layer), title);
}

/**
 * Outlines of labelled areas as SVG path data, one path per `keyOf(label)`:
 * the edges of each labelled point (label not 0) where its neighbour has
 * another label (or is off the board).
 */
export function outlines<K>(labels: ArrayLike<number>, size: number, keyOf: (label: number) => K): Map<K, string> {
  const id = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= size || y >= size ? 0 : (labels[rowMajor(x, y, size)] ?? 0);
  const edges = new Map<K, string[]>();
  eachPoint(labels, size, (x, y, l) => {
    if (!l) return;
    const key = keyOf(l);
    const d = edges.get(key) ?? [];
    if (id(x, y - 1) !== l) d.push(`M${x - H} ${y - H}H${x + H}`);
    if (id(x, y + 1) !== l) d.push(`M${x - H} ${y + H}H${x + H}`);
    if (id(x - 1, y) !== l) d.push(`M${x - H} ${y - H}V${y + H}`);
    if (id(x + 1, y) !== l) d.push(`M${x + H} ${y - H}V${y + H}`);
    edges.set(key, d);
  });
  return new Map([...edges].map(([k, d]) => [k, d.join("")]));
}
