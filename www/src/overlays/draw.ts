// SVG shapes the overlays share, in board units (vertex (x, y) at (x, y)).

import { svgEl } from "../board-view.js";

/** Adds a tooltip (an SVG `<title>`) to an element: the number on hover. */
export function titled<E extends SVGElement>(el: E, text: string): E {
  svgEl("title", {}, el).textContent = text;
  return el;
}

/** A square of one point filled with `fill`, with a tooltip. */
export function tint(layer: SVGGElement, x: number, y: number, fill: string, title: string): SVGRectElement {
  return titled(svgEl("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill }, layer), title);
}
