// moku as a player on the page: asks the engine worker for its move, shows
// the move's reasons in plain English with the search's win rate, draws
// the candidates it weighed as numbered marks, and answers "why not
// here?" for a point the person points at.

import type { GenmoveResult, Position, Vertex, WhyNotResult } from "../../pkg/moku.js";
import { svgEl } from "../board-view.js";
import type { EngineWorker } from "../engine.js";
import { titled } from "../overlays/draw.js";
import { colorName } from "../text-board.js";
import { $ } from "./page.js";

/** The level the page plays at unless the person picks another: the tree search's first level, within a second per 19x19 move in wasm. */
export const DEFAULT_LEVEL = 6;

/** Other candidates drawn as numbered marks, best first (the move played has the last-move mark). */
export const CANDIDATE_MARKS = 5;

/** The engine's last move and the move number it made. */
interface Shown {
  result: GenmoveResult;
  /** The move number of the position after the engine's move. */
  moveNumber: number;
}

/** A move's value as the page writes it: "+4.5 moku". */
export function mokuText(moku: number): string {
  return `${moku >= 0 ? "+" : "−"}${Math.abs(moku).toFixed(1)} moku`;
}

/** The sentence that says what the engine played: "moku (White) played E5" or "... passes" or "... resigns". */
export function moveSentence(r: GenmoveResult): string {
  const who = `moku (${colorName(r.color)})`;
  if (r.move === "pass") return `${who} passes.`;
  if (r.move === "resign") return `${who} resigns.`;
  return `${who} played ${r.move}.`;
}

/** The search's summary in words: "Tree search: White wins 54% (1,091 of 2,000 playouts through E5)". */
export function searchSentence(r: GenmoveResult): string {
  const s = r.search;
  if (!s) return `Classic search at level ${r.level}: ${r.nodes.toLocaleString("en")} positions evaluated.`;
  const pv = s.pv.length > 1 ? `; expected sequence ${s.pv.slice(0, 6).join(" ")}` : "";
  return `Tree search at level ${r.level}: ${colorName(r.color)} wins ${Math.round(s.winrate * 100)}% (${s.visits.toLocaleString("en")} of ${s.playouts.toLocaleString("en")} playouts went through ${r.move})${pv}.`;
}

/** The engine panel: level, thinking, the move's reasons, candidates and "why not here?". */
export class EnginePanel {
  /** The level of the engine's moves (set by the new-game form). */
  level = DEFAULT_LEVEL;
  /** Whether the next click on the board asks "why not here?" instead of playing. */
  asking = false;
  private shown: Shown | null = null;
  private thinking = false;

  constructor(
    private readonly engine: EngineWorker,
    private readonly layer: () => SVGGElement,
    private readonly whyNotPosition: () => Position,
  ) {
    $("why-not").addEventListener("click", () => this.setAsking(!this.asking));
    $<HTMLInputElement>("show-candidates").addEventListener("change", () => this.draw(this.shownAt));
  }

  /** Whether the engine is choosing a move now. */
  get busy(): boolean {
    return this.thinking;
  }

  /** The engine's move in `position` (the side to move's), shown in the panel when it comes. */
  async think(position: Position, moveNumber: number): Promise<GenmoveResult> {
    this.thinking = true;
    const box = $("engine-box");
    box.hidden = false;
    box.dataset.state = "thinking";
    $("engine-move").textContent = `moku (${colorName(position.toMove)}) is thinking…`;
    try {
      const r = await this.engine.genmove(position, { level: this.level });
      this.show(r, moveNumber + 1);
      return r;
    } finally {
      this.thinking = false;
      if (box.dataset.state === "thinking") box.dataset.state = "idle";
    }
  }

  /** Shows `r`, the move that led to move number `moveNumber`. */
  private show(r: GenmoveResult, moveNumber: number): void {
    this.shown = { result: r, moveNumber };
    const box = $("engine-box");
    box.dataset.state = "moved";
    $("engine-move").textContent = moveSentence(r);
    const list = $("engine-reasons");
    list.replaceChildren();
    for (const reason of r.reasons) {
      const li = document.createElement("li");
      li.textContent = reason.text;
      li.dataset.kind = reason.kind;
      list.appendChild(li);
    }
    $("engine-search").textContent = searchSentence(r);
    $("why-not-answer").textContent = "";
  }

  /** Redraws the marks for the position now shown (move number `moveNumber`): only right after the engine's move. */
  positionChanged(moveNumber: number): void {
    this.shownAt = moveNumber;
    this.draw(moveNumber);
  }

  private shownAt = 0;

  private draw(moveNumber: number): void {
    const layer = this.layer();
    layer.replaceChildren();
    const s = this.shown;
    if (!s || s.moveNumber !== moveNumber || !$<HTMLInputElement>("show-candidates").checked) return;
    const chosen = s.result.vertex;
    const others = s.result.candidates.filter((c) => !chosen || c.vertex.x !== chosen.x || c.vertex.y !== chosen.y);
    others.slice(0, CANDIDATE_MARKS).forEach((c, i) => {
      const why = c.reasons.length ? `: ${c.reasons.map((x) => x.text).join("; ")}` : "";
      this.mark(layer, c.vertex, i + 1, `${i + 1}. ${c.move}: ${mokuText(c.moku)}${why}`);
    });
  }

  private mark(layer: SVGGElement, v: Vertex, n: number, title: string): void {
    const g = titled(svgEl("g", { class: "candidate" }, layer), title);
    g.dataset.rank = String(n);
    g.dataset.vertex = `${v.x},${v.y}`;
    svgEl("circle", { cx: v.x, cy: v.y, r: 0.36, fill: "rgba(40, 110, 200, 0.85)", stroke: "#fff", "stroke-width": 0.04 }, g);
    const t = svgEl(
      "text",
      {
        x: v.x,
        y: v.y,
        "font-size": 0.4,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        fill: "#fff",
        "font-weight": "bold",
      },
      g,
    );
    t.textContent = String(n);
  }

  /** Turns the "why not here?" mode on or off. */
  setAsking(on: boolean): void {
    this.asking = on;
    const b = $("why-not");
    b.setAttribute("aria-pressed", String(on));
    b.textContent = on ? "Click a point… (cancel)" : "Why not here?";
    $("engine-box").hidden = false;
  }

  /** Asks why the engine did not play `vertex` in the position before its last move (or the position shown). */
  async whyNot(vertex: Vertex, vertexName: string): Promise<WhyNotResult> {
    this.setAsking(false);
    const out = $("why-not-answer");
    out.textContent = `Asking about ${vertexName}…`;
    try {
      const w = await this.engine.whyNot(this.whyNotPosition(), vertex, { level: this.level });
      out.textContent = w.text;
      out.dataset.verdict = w.verdict;
      return w;
    } catch (e) {
      out.textContent = `Could not ask about ${vertexName}: ${e instanceof Error ? e.message : String(e)}`;
      throw e;
    }
  }

  /** Forgets the last move (a new game or record). */
  reset(): void {
    this.shown = null;
    this.layer().replaceChildren();
    $("engine-box").hidden = true;
    $("engine-reasons").replaceChildren();
    $("engine-move").textContent = "";
    $("engine-search").textContent = "";
    $("why-not-answer").textContent = "";
    this.setAsking(false);
    $("engine-box").hidden = true;
  }
}
