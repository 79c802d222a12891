// The overlay panel: a toggle, a description and a legend per registered
// overlay, and the potential's radiation model; it draws the enabled
// overlays on the board and greys out those the analysis lacks.

import type { Analysis, AnalyzeOptions, RadiationModelName } from "../../pkg/moku.js";
import { allOverlays, drawOverlays, overlayAvailable, type Overlay } from "../overlays/index.js";

/** What the panel tells the page. */
export interface OverlayPanelEvents {
  /** An overlay was switched on or off. */
  toggled(): void;
  /** The analysis settings changed (the position must be analysed again). */
  optionsChanged(): void;
}

export class OverlayPanel {
  /** The ids of the overlays switched on. */
  readonly enabled = new Set<string>();
  /** The analysis settings chosen. */
  options: AnalyzeOptions = {};

  constructor(
    panel: HTMLElement,
    radiationModel: HTMLSelectElement,
    private readonly layerOf: (id: string) => SVGGElement,
    events: OverlayPanelEvents,
  ) {
    radiationModel.addEventListener("change", () => {
      this.options = { radiationModel: radiationModel.value as RadiationModelName };
      events.optionsChanged();
    });
    for (const o of allOverlays()) panel.appendChild(this.row(o, events));
  }

  /** Draws the enabled overlays of `shown` and marks each toggle available or not (`null`: keep them as they are). */
  draw(shown: Analysis | null): void {
    drawOverlays(this.layerOf, this.enabled, shown);
    for (const o of allOverlays()) {
      const box = document.getElementById(`overlay-${o.id}`) as HTMLInputElement | null;
      if (!box) continue;
      const available = shown === null ? !box.disabled : overlayAvailable(o, shown);
      box.disabled = !available;
      box.closest("label")?.classList.toggle("unavailable", !available);
    }
  }

  private row(o: Overlay, events: OverlayPanelEvents): HTMLDivElement {
    const row = document.createElement("div");
    row.className = "overlay-row";
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = `overlay-${o.id}`;
    box.addEventListener("change", () => {
      if (box.checked) this.enabled.add(o.id);
      else this.enabled.delete(o.id);
      events.toggled();
    });
    label.append(box, ` ${o.label}`);
    const desc = document.createElement("span");
    desc.className = "overlay-desc";
    desc.textContent = o.description;
    const legend = document.createElement("ul");
    legend.className = "legend";
    for (const item of o.legend) {
      const li = document.createElement("li");
      const sw = document.createElement("span");
      sw.className = `swatch ${item.shape}`;
      if (item.shape === "ring") sw.style.border = `2px solid ${item.color}`;
      else sw.style.background = item.color;
      sw.setAttribute("aria-hidden", "true");
      li.append(sw, ` ${item.label}`);
      legend.appendChild(li);
    }
    row.append(label, desc, legend);
    return row;
  }
}
