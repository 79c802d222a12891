// Moyo basins: each basin tinted (one hue per basin) and numbered at its
// minimum; the weak points of the basins' boundaries ringed.

import { svgEl } from "../board-view.js";
import { eachPoint } from "../coords.js";
import { colorName } from "../text-board.js";
import { tint, titled } from "./draw.js";
import type { Overlay } from "./registry.js";

/** Degrees of hue between one basin and the next of the same side. */
const HUE_STEP = 37;

/** The tint of basin `label`: blues from 210° for Black (+), oranges from 30° for White (-). */
export function basinTint(label: number): string {
  const k = Math.abs(label) - 1;
  return label > 0 ? `hsla(${(210 + k * HUE_STEP) % 360},70%,35%,0.45)` : `hsla(${(30 + k * HUE_STEP) % 360},80%,60%,0.45)`;
}

/** A basin label as written on the board: `"+1"`, `"-2"`. */
export function basinText(label: number): string {
  return `${label > 0 ? "+" : ""}${label}`;
}

export const moyo: Overlay = {
  id: "moyo",
  label: "Moyo basins",
  description: "Inner areas of each side's moyo: one tint per basin, its number at its minimum; weak points ringed.",
  legend: [
    { color: "hsla(210,70%,35%,0.45)", shape: "square", label: "a Black basin (number: +1, +2, ...)" },
    { color: "hsla(30,80%,60%,0.45)", shape: "square", label: "a White basin (number: -1, -2, ...)" },
    { color: "#d22", shape: "ring", label: "a weak point of a basin's boundary" },
  ],
  requires: ["basins", "basinList", "weakPoints"],
  draw(layer, a) {
    eachPoint(a.basins, a.size, (x, y, v) => {
      if (v) tint(layer, x, y, basinTint(v), `basin ${basinText(v)}`);
    });
    for (const b of a.basinList) {
      const t = svgEl("text", { x: b.minimum.x, y: b.minimum.y, "font-size": 0.38, "text-anchor": "middle", "dominant-baseline": "central", fill: "#fff", stroke: "#000", "stroke-width": 0.03 }, layer);
      t.textContent = basinText(b.label);
      titled(t, `${colorName(b.color)} basin ${b.label}: ${b.area} points`);
    }
    for (const w of a.weakPoints) svgEl("circle", { cx: w.x, cy: w.y, r: 0.3, fill: "none", stroke: "#d22", "stroke-width": 0.07 }, layer);
  },
};
