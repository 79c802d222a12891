// The overlay registry: each overlay draws one layer of the analysis on
// the board. The page's panel and <go-board overlays="..."> list what is
// registered (overlays/index.ts registers the built-in ones); an overlay
// whose data the engine does not compute yet is listed but disabled.

import type { Analysis } from "../../../pkg/moku.js";

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
  /**
   * Whether its layer lies above the others (default: in the panel's order): for figures written on stones,
   * which the other overlays' marks on the same stones must not hide.
   */
  onTop?: boolean;
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

/**
 * Draws the enabled overlays; layers of disabled or unavailable ones are
 * emptied. A layer drawn says what it shows: `data-move-number`, the move
 * number of the analysis drawn, and `data-statuses`, whether its
 * life-and-death statuses were read for it (`"read"`) or carried from an
 * earlier position (`"carried"`: the status layer is drawn faded). Each
 * layer is emptied and drawn in one go, so it never shows blank between
 * two analyses.
 */
export function drawOverlays(
  layerOf: (id: string) => SVGGElement,
  enabled: ReadonlySet<string>,
  analysis: Analysis | null,
  statuses: "read" | "carried" = "read",
): void {
  // Layers are stacked in the order they are first asked for: the ones on top last.
  const ordered = [...registry.values()].sort((a, b) => Number(a.onTop ?? false) - Number(b.onTop ?? false));
  for (const o of ordered) {
    const layer = layerOf(o.id);
    layer.replaceChildren();
    if (enabled.has(o.id) && analysis && overlayAvailable(o, analysis)) {
      o.draw(layer, analysis);
      layer.dataset.moveNumber = String(analysis.moveNumber);
      layer.dataset.statuses = statuses;
    } else {
      delete layer.dataset.moveNumber;
      delete layer.dataset.statuses;
    }
  }
}
