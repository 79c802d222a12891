// The overlay registry: each overlay draws one layer of the analysis on
// the board. The evaluator issues add theirs here; the page's panel and
// <go-board overlays="..."> list what is registered. An overlay whose
// data the engine does not compute yet is listed but disabled.

import type { Analysis } from "../pkg/moku.js";
import { svgEl } from "./board-view.js";

/** One line of an overlay's legend. */
export interface LegendEntry {
  /** CSS colour of the swatch, e.g. `"rgba(0,0,0,0.6)"`. */
  color: string;
  /** Swatch shape. */
  shape: "dot" | "square" | "ring";
  /** What it means, e.g. `"Black may play here"`. */
  label: string;
}

/** A drawable layer of the analysis. */
export interface Overlay {
  /** Short id used in URLs and attributes, e.g. `"influence"`. */
  id: string;
  /** Name shown beside its toggle, e.g. `"Influence dots"`. */
  label: string;
  /** One-sentence description for the panel and screen readers. */
  description: string;
  /** Legend lines. */
  legend: LegendEntry[];
  /** The analysis fields it draws; it is disabled while any is missing. */
  requires: (keyof Analysis)[];
  /** Draws into `layer` (already emptied), in board units: vertex (x, y) is at (x, y). */
  draw(layer: SVGGElement, analysis: Analysis): void;
}

const registry = new Map<string, Overlay>();

/** Adds (or replaces) an overlay. */
export function registerOverlay(o: Overlay): void {
  registry.set(o.id, o);
}

/** Every registered overlay, in registration order. */
export function allOverlays(): Overlay[] {
  return [...registry.values()];
}

/** The overlay with this id, if registered. */
export function getOverlay(id: string): Overlay | undefined {
  return registry.get(id);
}

/** Whether `analysis` has every field the overlay draws. */
export function overlayAvailable(o: Overlay, analysis: Analysis | null): boolean {
  return analysis !== null && o.requires.every((k) => analysis[k] !== undefined);
}

/** Draws the enabled overlays; layers of disabled or unavailable ones are emptied. */
export function drawOverlays(
  layerOf: (id: string) => SVGGElement,
  enabled: ReadonlySet<string>,
  analysis: Analysis | null,
): void {
  for (const o of registry.values()) {
    const layer = layerOf(o.id);
    layer.replaceChildren();
    if (enabled.has(o.id) && analysis && overlayAvailable(o, analysis)) o.draw(layer, analysis);
  }
}

// --- drawing helpers for map-shaped data ------------------------------------

/** Calls `f(x, y, value)` for every point of a flat row-major map. */
export function eachPoint<T extends ArrayLike<number>>(map: T, size: number, f: (x: number, y: number, v: number) => void): void {
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) f(x, y, map[y * size + x] ?? 0);
}

/** A square tint over every point, coloured by sign and opaque by |value| / `scale`. */
export function drawHeat(layer: SVGGElement, map: ArrayLike<number>, size: number, scale: number): void {
  eachPoint(map, size, (x, y, v) => {
    if (!v) return;
    const a = Math.min(1, Math.abs(v) / scale) * 0.6;
    const fill = v > 0 ? `rgba(0,0,0,${a.toFixed(3)})` : `rgba(255,255,255,${a.toFixed(3)})`;
    svgEl("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill }, layer);
  });
}

// --- overlays of data that exists now, and of the evaluators' fixed shapes ---

registerOverlay({
  id: "legal",
  label: "Legal moves",
  description: "Small dots on the points where the side to move may play.",
  legend: [{ color: "rgba(30,90,200,0.8)", shape: "dot", label: "the side to move may play here" }],
  requires: ["legal"],
  draw(layer, a) {
    eachPoint(a.legal, a.size, (x, y, v) => {
      if (v) svgEl("circle", { cx: x, cy: y, r: 0.09, fill: "rgba(30,90,200,0.8)" }, layer);
    });
  },
});

registerOverlay({
  id: "influence",
  label: "Influence dots",
  description: "Handtalk's dots: dot size by strength, colour by side.",
  legend: [
    { color: "#000", shape: "dot", label: "Black's influence (bigger is stronger, up to 6)" },
    { color: "#fff", shape: "dot", label: "White's influence" },
  ],
  requires: ["influence"],
  draw(layer, a) {
    if (!a.influence) return;
    eachPoint(a.influence, a.size, (x, y, v) => {
      if (v) svgEl("circle", { cx: x, cy: y, r: 0.05 + 0.045 * Math.abs(v), fill: v > 0 ? "#000" : "#fff", opacity: 0.7 }, layer);
    });
  },
});

registerOverlay({
  id: "danger",
  label: "Danger",
  description: "How many moku each block could lose.",
  legend: [{ color: "rgba(220,40,40,0.6)", shape: "square", label: "endangered block (darker is more)" }],
  requires: ["danger"],
  draw(layer, a) {
    if (!a.danger) return;
    eachPoint(a.danger, a.size, (x, y, v) => {
      if (v > 0) svgEl("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: `rgba(220,40,40,${Math.min(0.7, v / 30).toFixed(3)})` }, layer);
    });
  },
});

registerOverlay({
  id: "potential",
  label: "Potential",
  description: "Potential values as a heat map: dark for Black, light for White.",
  legend: [
    { color: "rgba(0,0,0,0.6)", shape: "square", label: "Black's potential" },
    { color: "rgba(255,255,255,0.6)", shape: "square", label: "White's potential" },
  ],
  requires: ["potential"],
  draw(layer, a) {
    if (!a.potential) return;
    let max = 1;
    for (const v of a.potential) max = Math.max(max, Math.abs(v));
    drawHeat(layer, a.potential, a.size, max);
  },
});

registerOverlay({
  id: "moyo",
  label: "Moyo basins",
  description: "Inner areas of each side's moyo, one tint per basin.",
  legend: [
    { color: "rgba(0,0,0,0.45)", shape: "square", label: "Black's basin" },
    { color: "rgba(255,255,255,0.6)", shape: "square", label: "White's basin" },
  ],
  requires: ["basins"],
  draw(layer, a) {
    if (!a.basins) return;
    drawHeat(layer, a.basins, a.size, 2);
  },
});
