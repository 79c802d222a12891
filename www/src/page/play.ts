// moku as a player on the page: asks the engine worker for its move, shows
// the move's reasons in plain English with the search's win rate, draws
// the candidates it weighed as numbered marks, and answers "why not
// here?" for a point the person points at.

import {
  type CandidateInfo,
  type Color,
  type GenmoveResult,
  levels,
  type Position,
  type Vertex,
  type WhyNotResult,
} from "../../pkg/moku.js";
import { svgEl } from "../view/board-view.js";
import { parseVertex } from "../view/coords.js";
import type { EngineWorker } from "../engine/engine.js";
import { titled } from "../view/overlays/draw.js";
import { colorName } from "../view/text-board.js";
import { $ } from "./page.js";

/** Other candidates drawn as numbered marks, best first (the move played has the last-move mark). */
export const CANDIDATE_MARKS = 5;

/** The engine's last move and the move number it made. */
interface Shown {
  result: GenmoveResult;
  /** The move number of the position after the engine's move (a hint's: of the position it was asked in). */
  moveNumber: number;
  /** Whether the move was asked for as a hint and not played. */
  hint: boolean;
}

/** A move's value as the page writes it: "+4.5 points". */
export function mokuText(moku: number): string {
  return `${moku >= 0 ? "+" : "−"}${Math.abs(moku).toFixed(1)} points`;
}

/** A score lead in words: "leads by 3.1 points", "trails by 2.0 points". */
export function leadText(lead: number): string {
  const l = Math.round(lead * 10) / 10;
  if (l > 0) return `leads by ${l.toFixed(1)} points`;
  if (l < 0) return `trails by ${(-l).toFixed(1)} points`;
  return "is even";
}

/** Facts shown before "more": the three biggest (the engine lists them biggest first). */
export const REASONS_SHOWN = 3;

/**
 * The reasons the panel shows at once and those behind "more": the first
 * {@link REASONS_SHOWN} facts, then the search's or the classic value's line
 * (always shown, last); the other facts wait behind "more". A pass's reason
 * ("passes") is left out: it says again what the line above the list
 * says ("moku (White) passes."), and was then its only bullet.
 */
export function reasonsShown<T extends { kind: string }>(reasons: readonly T[]): { shown: T[]; more: T[] } {
  const isLine = (r: T): boolean => r.kind === "search" || r.kind === "value" || r.kind === "guard";
  const facts = reasons.filter((r) => !isLine(r) && r.kind !== "pass");
  const lines = reasons.filter(isLine);
  return { shown: [...facts.slice(0, REASONS_SHOWN), ...lines], more: facts.slice(REASONS_SHOWN) };
}

/** The sentence that says what the engine played: "moku (White) played E5" or "... passes" or "... resigns". */
export function moveSentence(r: GenmoveResult): string {
  const who = `moku (${colorName(r.color)})`;
  if (r.move === "pass") return `${who} passes.`;
  if (r.move === "resign") return `${who} resigns.`;
  return `${who} played ${r.move}.`;
}

/** What a hint says: the move moku would play for the side to move, not played. */
export function hintSentence(r: GenmoveResult): string {
  const side = colorName(r.color);
  if (r.move === "pass") return `moku's move here for ${side}: pass.`;
  if (r.move === "resign") return `moku's move here for ${side}: resign.`;
  return `moku's move here for ${side}: ${r.move} (marked ★, not played).`;
}

/**
 * A candidate's hover text: "2. C3: White wins 48% (312 visits), leads by
 * 3.1 points: reasons"; `tree` as in {@link candidateLabel}.
 */
export function candidateText(n: number, c: CandidateInfo, color: Color, tree: boolean): string {
  const why = c.reasons.length ? `: ${c.reasons.map((x) => x.text).join("; ")}` : "";
  const pv = c.pv.length > 1 ? ` (point at it: the expected sequence ${c.pv.slice(0, 8).join(" ")})` : "";
  return `${candidateLabel(n, c, color, tree)}${why}${pv}`;
}

/** The candidates of `r` other than its move, best first: the page numbers them 1, 2, ... */
export function otherCandidates(r: GenmoveResult): CandidateInfo[] {
  const chosen = r.vertex;
  return r.candidates.filter((c) => !chosen || c.vertex.x !== chosen.x || c.vertex.y !== chosen.y);
}

/**
 * A candidate's playouts in words: "312 visits", and where some come from
 * the tree kept from earlier moves, how many are this position's own
 * ("216 visits, 40 of them from this position", "216 visits, none from
 * this position"). The score lead is measured on this position's own
 * playouts, so a candidate with none has no lead to show.
 */
export function visitsText(visits: number, samples: number | null): string {
  const all = `${visits.toLocaleString("en")} visits`;
  if (samples === null || samples >= visits) return all;
  if (samples === 0) return `${all}, none from this position`;
  return `${all}, ${samples.toLocaleString("en")} of them from this position`;
}

/**
 * A candidate's line in the panel's list (the reasons and the sequence are
 * in its tooltip): at the tree levels the search's own figures, "2. C3:
 * White wins 48% (312 visits), leads by 3.1 points" (the visits in
 * {@link visitsText}'s words); at the classic levels the classic
 * valuation's, "2. C3: +4.5 points by the classic search". When the move
 * came from the tree search (`tree`), a candidate the tree never visited
 * says so ("2. C3: +4.5 points by the classic search, no visits"): a
 * winning tree may send every playout through one move, and the classic
 * search's points are no score lead to set beside the move's.
 */
export function candidateLabel(n: number, c: CandidateInfo, color: Color, tree: boolean): string {
  if (c.winrate !== null && c.visits !== null) {
    const lead = c.scoreLead !== null ? `, ${leadText(c.scoreLead)}` : "";
    return `${n}. ${c.move}: ${colorName(color)} wins ${Math.round(c.winrate * 100)}% (${visitsText(c.visits, c.samples)})${lead}`;
  }
  const unvisited = tree ? ", no visits" : "";
  if (c.moku !== null) return `${n}. ${c.move}: ${mokuText(c.moku)} by the classic search${unvisited}`;
  return `${n}. ${c.move}${tree ? ": no visits" : ""}`;
}

/**
 * Standard errors of a difference of two leads under which it is within
 * the search's noise: the engine's `NOISE_ERRORS` (src/engine/words.rs),
 * which the review and the engine's own search line hold to.
 */
export const NOISE_ERRORS = 2;

/** The search's noise on the difference of two leads with these standard errors, or null when one is unknown. */
export function searchNoise(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : NOISE_ERRORS * Math.hypot(a, b);
}

/**
 * The answer to "why not here?" for the page's candidate number `rank` (1:
 * the first of the others) of the engine's move `r`, when the page has the
 * search's figures for it: the engine's own answer `w` in the same words,
 * with the rank and the playouts of the page's list. With several search
 * workers the list merges their trees, and the worker that answers knows
 * only its own, so its rank and playouts would not match the marks.
 * `null` when the figures are missing (then the engine's text stands).
 */
export function whyNotText(
  name: string,
  w: WhyNotResult,
  c: CandidateInfo,
  rank: number,
  r: GenmoveResult,
): string | null {
  // The worker that answered may have chosen this very point in its own
  // tree ("chosen"): the merged list says otherwise, and it is the one on
  // the board. The chosen move's value is the list's too, then.
  if (w.verdict !== "considered" && w.verdict !== "chosen") return null;
  const played = r.candidates.find((x) => r.vertex !== null && x.vertex.x === r.vertex.x && x.vertex.y === r.vertex.y);
  if (c.visits === null || c.winrate === null || c.scoreLead === null || !r.search) return null;
  const bestLead = played?.scoreLead ?? r.search.scoreLead;
  const why = c.reasons.length ? c.reasons.map((x) => x.text).join("; ") : "no fact the words can prove about it";
  const diff = Math.round((bestLead - c.scoreLead) * 10) / 10;
  const noise = searchNoise(c.scoreLeadError, played?.scoreLeadError ?? null);
  const noted =
    diff !== 0 && noise !== null && Math.abs(bestLead - c.scoreLead) < noise ? ", within the search's noise" : "";
  const versus =
    (diff >= 0 ? `${diff.toFixed(1)} points less than ${r.move}` : `${(-diff).toFixed(1)} points more than ${r.move}`) +
    noted;
  return (
    `${name} ranks ${rank + 1} among the engine's candidates: the tree search gave it ${c.visits.toLocaleString("en")} visits ` +
    `(${colorName(r.color)} wins ${Math.round(c.winrate * 100)}%) against ${r.search.visits.toLocaleString("en")} for its move; ` +
    `after it ${colorName(r.color)} ${leadText(c.scoreLead)}, ${versus}: ${why}.`
  );
}

/** One point of the win-rate graph: Black's win rate after the engine's move that made move `moveNumber`. */
export interface WinratePoint {
  moveNumber: number;
  black: number;
  /** The lead, in points, the engine's playouts counted a win by at that move (see `SearchInfo.lead`); 0 or absent: any win. */
  lead?: number;
}

/** The polyline points of the win-rate graph in a `width` x `height` box over `moves` moves (top is Black 100%). */
export function graphPoints(points: WinratePoint[], moves: number, width: number, height: number): string {
  const span = Math.max(moves, 1);
  return points
    .map((p) => `${((p.moveNumber / span) * width).toFixed(1)},${((1 - p.black) * height).toFixed(1)}`)
    .join(" ");
}

/** The search's summary in words: "Tree search: White wins 54% (1,091 of 2,000 playouts through E5)". */
export function searchSentence(r: GenmoveResult): string {
  const s = r.search;
  if (!s) return `Classic search at level ${r.level}: ${r.nodes.toLocaleString("en")} positions evaluated.`;
  // With a kept lead (13x13 and up, well ahead) a playout counts as a win only by more than it.
  const by = s.lead > 0 ? ` by more than ${s.lead} points` : "";
  if (r.vertex === null)
    return `Tree search at level ${r.level}: ${colorName(r.color)}'s chances${by ? ` of winning${by}:` : ""} ${Math.round(s.winrate * 100)}% after ${s.playouts.toLocaleString("en")} playouts.`;
  const pv = s.pv.length > 1 ? `; expected sequence ${s.pv.slice(0, 6).join(" ")}` : "";
  // Visits kept from the tree of earlier moves come on top of this position's playouts; a position searched
  // before (a move taken back and played again) has playouts from before this search.
  const own =
    s.samples > 0 && s.samples < s.visits ? `, ${s.samples.toLocaleString("en")} of them from this position` : "";
  const total =
    s.rootPlayouts > s.playouts
      ? `${s.rootPlayouts.toLocaleString("en")} playouts from this position, ${s.playouts.toLocaleString("en")} of them in this search`
      : `${s.playouts.toLocaleString("en")} playouts in all`;
  const visits = `${s.visits.toLocaleString("en")} visits to ${r.move}${own}, ${total}`;
  return `Tree search at level ${r.level}: ${colorName(r.color)} wins${by ? `${by} in` : ""} ${Math.round(s.winrate * 100)}% (${visits}); ${colorName(r.color)} ${leadText(s.scoreLead)}${pv}.`;
}

/** The engine panel: level, thinking, the move's reasons, candidates and "why not here?". */
export class EnginePanel {
  /** The level of the engine's moves (set by the new-game form). */
  level = levels().default;
  /** Whether the next click on the board asks "why not here?" instead of playing. */
  asking = false;
  private shown: Shown | null = null;
  private thinking = false;
  /** Black's win rate after each of the engine's tree-search moves this game. */
  private winrates: WinratePoint[] = [];
  /** The candidate whose sequence stays on the board after a tap or a click on its line in the list (touch screens cannot point). */
  private pinned: { button: HTMLButtonElement; pv: string[] } | null = null;

  constructor(
    private readonly engine: EngineWorker,
    private readonly layerOf: (id: string) => SVGGElement,
    private readonly whyNotPosition: () => Position,
    private readonly board: { size: () => number; stoneAt: (v: Vertex) => number },
  ) {
    $("why-not").addEventListener("click", () => this.setAsking(!this.asking));
    $<HTMLInputElement>("show-candidates").addEventListener("change", () => this.draw(this.shownAt));
    const search = $("engine-search");
    search.addEventListener("mouseenter", () => {
      const s = this.shown;
      if (s && s.moveNumber === this.shownAt)
        this.drawPv(s.result.search?.pv.slice(1) ?? [], s.result.color === "black" ? "white" : "black");
    });
    search.addEventListener("mouseleave", () => this.restorePv());
  }

  private layer(): SVGGElement {
    return this.layerOf("candidates");
  }

  /** Whether the engine is choosing a move now. */
  get busy(): boolean {
    return this.thinking;
  }

  /**
   * The engine's move in `position` (the side to move's), shown in the panel when it comes; a `hint` is
   * shown as the move moku would play there, marked on the board and not played.
   */
  async think(position: Position, moveNumber: number, hint = false): Promise<GenmoveResult> {
    this.thinking = true;
    const box = $("engine-box");
    box.hidden = false;
    box.dataset.state = "thinking";
    $("engine-move").hidden = false;
    $("engine-move").textContent = `moku (${colorName(position.toMove)}) is thinking…`;
    try {
      const r = await this.engine.genmove(position, { level: this.level });
      this.show(r, hint ? moveNumber : moveNumber + 1, hint);
      if (hint) this.positionChanged(moveNumber);
      return r;
    } finally {
      this.thinking = false;
      if (box.dataset.state === "thinking") box.dataset.state = "idle";
    }
  }

  /** Shows `r`, the move that led to move number `moveNumber`. */
  private show(r: GenmoveResult, moveNumber: number, hint: boolean): void {
    this.shown = { result: r, moveNumber, hint };
    if (r.search && !hint) {
      const black = r.color === "black" ? r.search.winrate : 1 - r.search.winrate;
      this.winrates = this.winrates.filter((p) => p.moveNumber < moveNumber);
      this.winrates.push({ moveNumber, black, lead: r.search.lead });
      this.drawGraph(moveNumber);
    }
    const box = $("engine-box");
    box.dataset.state = "moved";
    for (const id of ["engine-move", "engine-reasons", "engine-search"]) $(id).hidden = false;
    $("engine-move").textContent = hint ? hintSentence(r) : moveSentence(r);
    const list = $("engine-reasons");
    list.replaceChildren();
    const { shown, more } = reasonsShown(r.reasons);
    for (const reason of shown) {
      const li = document.createElement("li");
      li.textContent = reason.text;
      li.dataset.kind = reason.kind;
      list.appendChild(li);
    }
    if (more.length > 0) {
      // The rest behind "more": a button a tap opens, for touch screens too.
      const li = document.createElement("li");
      li.className = "more";
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `more (${more.length})`;
      b.setAttribute("aria-expanded", "false");
      b.addEventListener("click", () => {
        li.replaceWith(
          ...more.map((reason) => {
            const x = document.createElement("li");
            x.textContent = reason.text;
            x.dataset.kind = reason.kind;
            return x;
          }),
        );
      });
      li.appendChild(b);
      // Before the search's line, which stays last.
      const search = list.querySelector('li[data-kind="search"]');
      list.insertBefore(li, search);
    }
    $("engine-search").textContent = searchSentence(r);
    $("why-not-answer").textContent = "";
  }

  /** Redraws the marks for the position now shown (move number `moveNumber`): only right after the engine's move. */
  positionChanged(moveNumber: number): void {
    this.shownAt = moveNumber;
    // The panel describes the position on the board: moku's move, its
    // reasons and its search only while the board shows that move.
    if (!this.thinking) {
      const current = this.shown !== null && this.shown.moveNumber === moveNumber;
      for (const id of ["engine-move", "engine-reasons", "engine-search"]) $(id).hidden = !current;
      const box = $("engine-box");
      if (box.dataset.state === "moved" || box.dataset.state === "idle") box.dataset.state = current ? "moved" : "idle";
    }
    this.layerOf("pv").replaceChildren();
    this.draw(moveNumber);
    if (this.winrates.length > 0) this.drawGraph(moveNumber);
  }

  private shownAt = 0;

  private draw(moveNumber: number): void {
    const layer = this.layer();
    layer.replaceChildren();
    const list = $("engine-candidates");
    list.replaceChildren();
    list.hidden = true;
    if (this.pinned) {
      this.pinned = null;
      this.drawPv([], "black");
    }
    const s = this.shown;
    if (!s || s.moveNumber !== moveNumber || !$<HTMLInputElement>("show-candidates").checked) return;
    // After a pass or a resignation the moves it weighed are no advice: the game is ending or over.
    if (s.result.move === "pass" || s.result.move === "resign") return;
    const color = s.result.color;
    const chosen = s.result.vertex;
    if (s.hint && chosen) this.mark(layer, chosen, 0, hintSentence(s.result), "★").classList.add("hint-move");
    const others = otherCandidates(s.result);
    const tree = s.result.search !== null;
    others.slice(0, CANDIDATE_MARKS).forEach((c, i) => {
      const g = this.mark(layer, c.vertex, i + 1, candidateText(i + 1, c, color, tree));
      g.addEventListener("mouseenter", () => this.drawPv(c.pv, color));
      g.addEventListener("mouseleave", () => this.restorePv());
      // The same candidate as a line of the panel: pointing at it or
      // focusing it shows its sequence, and a tap or a click keeps it
      // shown, which is how a touch screen (no pointer to hover with) and
      // the keyboard reach the sequences.
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = candidateLabel(i + 1, c, color, tree);
      b.title = candidateText(i + 1, c, color, tree);
      b.dataset.rank = String(i + 1);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("mouseenter", () => this.drawPv(c.pv, color));
      b.addEventListener("focus", () => this.drawPv(c.pv, color));
      b.addEventListener("mouseleave", () => this.restorePv());
      b.addEventListener("blur", () => this.restorePv());
      b.addEventListener("click", () => this.pin(b, c.pv, color));
      const li = document.createElement("li");
      li.appendChild(b);
      list.appendChild(li);
    });
    list.hidden = list.childElementCount === 0;
  }

  /** Keeps `pv` (the sequence of the candidate on `button`) on the board, or takes it off if it is the one kept. */
  private pin(button: HTMLButtonElement, pv: string[], first: Color): void {
    const again = this.pinned?.button === button;
    this.pinned?.button.setAttribute("aria-pressed", "false");
    this.pinned = again ? null : { button, pv };
    button.setAttribute("aria-pressed", String(!again));
    this.drawPv(again ? [] : pv, first);
  }

  /** After a pointer leaves a candidate: the kept sequence, if any, else none. */
  private restorePv(): void {
    const s = this.shown;
    this.drawPv(this.pinned?.pv ?? [], s?.result.color ?? "black");
  }

  /** Draws a variation as numbered ghost stones, `first` moving first; points now occupied are skipped. */
  private drawPv(pv: string[], first: Color): void {
    const layer = this.layerOf("pv");
    layer.replaceChildren();
    // The numbered marks would show through the ghost stones: fade them while a sequence shows.
    this.layer().style.opacity = pv.length > 0 ? "0.2" : "";
    // The pointer's own ghost stone would sit on the sequence's first stone (the candidate under it), in the other colour.
    layer.ownerSVGElement?.classList.toggle("pv-showing", pv.length > 0);
    const size = this.board.size();
    pv.forEach((move, i) => {
      const v = parseVertex(move, size);
      if (!v || this.board.stoneAt(v) !== 0) return;
      const black = (i % 2 === 0) === (first === "black");
      const g = svgEl("g", { class: "pv-stone" }, layer);
      g.dataset.n = String(i + 1);
      svgEl(
        "circle",
        {
          cx: v.x,
          cy: v.y,
          r: 0.46,
          fill: black ? "#111" : "#f6f6f6",
          "fill-opacity": 0.85,
          stroke: "#555",
          "stroke-width": 0.03,
        },
        g,
      );
      const t = svgEl(
        "text",
        {
          x: v.x,
          y: v.y,
          "font-size": 0.42,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          fill: black ? "#fff" : "#111",
        },
        g,
      );
      t.textContent = String(i + 1);
    });
  }

  /** Draws Black's win rate after each of the engine's moves, up to move `upTo`. */
  private drawGraph(upTo: number): void {
    const svg = $("winrate-graph");
    const [w, h] = [200, 50];
    svg.replaceChildren();
    const pts = this.winrates.filter((p) => p.moveNumber <= upTo);
    svg.parentElement?.toggleAttribute("hidden", pts.length === 0);
    if (pts.length === 0) return;
    const moves = Math.max(upTo, ...pts.map((p) => p.moveNumber));
    svgEl("rect", { x: 0, y: 0, width: w, height: h, fill: "#fff", stroke: "#ccc" }, svg);
    svgEl("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, stroke: "#bbb", "stroke-dasharray": "3 3" }, svg);
    svgEl(
      "polyline",
      { points: graphPoints(pts, moves, w, h), fill: "none", stroke: "#2d6cc0", "stroke-width": 1.5 },
      svg,
    );
    const last = pts[pts.length - 1];
    if (last) {
      // The latest point as a dot: after moku's first move the line is a single point and draws nothing.
      const [cx = "0", cy = "0"] = graphPoints([last], moves, w, h).split(",");
      svgEl("circle", { cx, cy, r: 2.5, fill: "#2d6cc0" }, svg);
      svg.dataset.last = String(Math.round(last.black * 100));
      // A kept lead lowers the figure while moku is well ahead: say so, or the graph reads as a lead slipping away.
      const lead = last.lead
        ? ` (moku keeps a lead of ${last.lead} points: its playouts count a win only by more than that)`
        : "";
      $("winrate-text").textContent =
        `Black's chances by moku's reading: ${Math.round(last.black * 100)}% after move ${last.moveNumber}${lead}.`;
    }
  }

  private mark(layer: SVGGElement, v: Vertex, n: number, title: string, label = String(n)): SVGGElement {
    const g = titled(svgEl("g", { class: "candidate" }, layer), title);
    g.dataset.rank = String(n);
    g.dataset.vertex = `${v.x},${v.y}`;
    svgEl(
      "circle",
      { cx: v.x, cy: v.y, r: 0.36, fill: "rgba(40, 110, 200, 0.85)", stroke: "#fff", "stroke-width": 0.04 },
      g,
    );
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
    t.textContent = label;
    return g;
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
      out.textContent = this.shownCandidateText(vertexName, vertex, w) ?? w.text;
      out.dataset.verdict = w.verdict;
      return w;
    } catch (e) {
      out.textContent = `Could not ask about ${vertexName}: ${e instanceof Error ? e.message : String(e)}`;
      throw e;
    }
  }

  /** The answer for `vertex` in the words of the page's numbered marks, if it is one of them now. */
  private shownCandidateText(name: string, vertex: Vertex, w: WhyNotResult): string | null {
    const s = this.shown;
    if (!s || s.moveNumber !== this.shownAt) return null;
    const others = otherCandidates(s.result);
    const i = others.findIndex((c) => c.vertex.x === vertex.x && c.vertex.y === vertex.y);
    const c = others[i];
    return c ? whyNotText(name, w, c, i + 1, s.result) : null;
  }

  /** Forgets the move shown, its words and its marks (a review begins: the board shows the review's own). */
  forgetMove(): void {
    this.shown = null;
    this.positionChanged(this.shownAt);
  }

  /** Forgets the last move and the win rates (a new game or record). */
  reset(): void {
    this.shown = null;
    this.winrates = [];
    this.drawGraph(0);
    this.layerOf("pv").replaceChildren();
    this.layer().replaceChildren();
    this.pinned = null;
    $("engine-candidates").replaceChildren();
    $("engine-candidates").hidden = true;
    $("engine-box").hidden = true;
    $("engine-reasons").replaceChildren();
    $("engine-move").textContent = "";
    $("engine-search").textContent = "";
    $("why-not-answer").textContent = "";
    this.setAsking(false);
    $("engine-box").hidden = true;
  }
}
