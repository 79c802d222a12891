// The overlay panel: a toggle, a description and a legend per registered
// overlay, and the analysis settings (the potential's radiation model, the
// moyo threshold, the concave fix); it draws the enabled overlays on the
// board, greys out those the analysis lacks, and during a hover preview
// with the moyo overlay on says how the move changes each side's moyo
// (the paper's completion).

import type { Analysis, AnalyzeOptions, RadiationModelName } from "../../pkg/moku.js";
import type { Statuses } from "../engine/analysis-scheduler.js";
import { allOverlays, drawOverlays, overlayAvailable, type Overlay } from "../view/overlays/index.js";
import { completionText } from "../view/overlays/moyo.js";

/** The demo board's wood colour (board-view.ts), under the legend's swatches. */
const BOARD_WOOD = "#dcb35c";

/** The settings controls of the panel. */
export interface SettingsControls {
  radiationModel: HTMLSelectElement;
  moyoThreshold: HTMLInputElement;
  concaveFix: HTMLInputElement;
  /** Where the completion of a hovered move is said. */
  completion: HTMLElement;
}

/** The analysis options the settings ask for: a threshold that is no whole number of 0 or more leaves the default. */
export function analysisOptions(radiationModel: string, moyoThreshold: string, concaveFix: boolean): AnalyzeOptions {
  const options: AnalyzeOptions = { radiationModel: radiationModel as RadiationModelName, concaveFix };
  const t = Number(moyoThreshold.trim());
  if (moyoThreshold.trim() !== "" && Number.isInteger(t) && t >= 0) options.moyoThreshold = t;
  return options;
}

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
    private readonly settings: SettingsControls,
    private readonly layerOf: (id: string) => SVGGElement,
    events: OverlayPanelEvents,
  ) {
    const changed = (): void => {
      this.options = analysisOptions(
        settings.radiationModel.value,
        settings.moyoThreshold.value,
        settings.concaveFix.checked,
      );
      events.optionsChanged();
    };
    settings.radiationModel.addEventListener("change", changed);
    settings.moyoThreshold.addEventListener("change", changed);
    settings.concaveFix.addEventListener("change", changed);
    for (const o of allOverlays()) panel.appendChild(this.row(o, events));
  }

  /**
   * Draws the enabled overlays of `shown`, whose statuses are `statuses`, and marks each toggle available or not
   * (`null`: keep them as they are); `base`, when `shown` is a hover preview, is the analysis of the position it
   * previews from.
   */
  draw(shown: Analysis | null, statuses: Statuses, base: Analysis | null = null): void {
    drawOverlays(this.layerOf, this.enabled, shown, statuses);
    const c = this.settings.completion;
    c.textContent =
      shown && base && this.enabled.has("moyo") ? `This move: ${completionText(base.basinList, shown.basinList)}.` : "";
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
      row.classList.toggle("on", box.checked);
      events.toggled();
    });
    label.append(box, ` ${o.label}`);
    // The description and legend show while the overlay is on; the label's title gives the description before.
    label.title = o.description;
    const desc = document.createElement("span");
    desc.className = "overlay-desc";
    desc.textContent = o.description;
    const legend = document.createElement("ul");
    legend.className = "legend";
    for (const item of o.legend) {
      const li = document.createElement("li");
      const sw = document.createElement("span");
      sw.className = `swatch ${item.shape}`;
      sw.dataset.color = item.color;
      // On the board's wood, as the overlay draws it: a translucent tint looks on the legend as it does on the board.
      sw.style.backgroundColor = BOARD_WOOD;
      if (item.shape === "ring") sw.style.border = `2px solid ${item.color}`;
      else sw.style.backgroundImage = `linear-gradient(${item.color}, ${item.color})`;
      sw.setAttribute("aria-hidden", "true");
      li.append(sw, ` ${item.label}`);
      legend.appendChild(li);
    }
    row.append(label, desc, legend);
    return row;
  }
}
