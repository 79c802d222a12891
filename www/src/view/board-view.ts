// The board renderer: an SVG goban that draws what it is given (a
// signMap, a last move, a ghost stone, overlay layers) and reports the
// intersections the user points at. It knows no Go rules.

import type { Color, Vertex } from "../../pkg/moku.js";
import { arrowStep, COLUMNS, indexOf, rowMajor, vertexName } from "./coords.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** Space around the grid, in grid units (room for the coordinates). */
const MARGIN = 1.3;
/** Stone radius, in grid units. */
const STONE_RADIUS = 0.47;

/** Creates an SVG element with attributes. */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  parent?.appendChild(el);
  return el;
}

/**
 * Star points of a board size, as printed boards mark them: nine on 19x19
 * (and other odd sizes from 15), the four corner points and the centre on
 * the smaller odd boards (9x9 and 13x13 have five), the four corner points
 * on even boards; none below 7x7.
 */
export function starPoints(size: number): Vertex[] {
  if (size < 7) return [];
  const edge = size >= 13 ? 3 : 2;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const odd = size % 2 === 1;
  const lines = odd && size >= 15 ? [edge, mid, far] : [edge, far];
  const pts: Vertex[] = [];
  for (const y of lines) for (const x of lines) pts.push({ x, y });
  return odd && size < 15 ? [...pts, { x: mid, y: mid }] : pts;
}

/** The CSS of the board; custom properties set its look from outside. */
export const BOARD_CSS = `
.goban { display: block; width: 100%; height: auto; touch-action: manipulation; user-select: none;
  -webkit-user-select: none; font-family: var(--go-board-font, system-ui, sans-serif); }
.goban .wood { fill: var(--go-board-wood, #dcb35c); }
.goban .grid line { stroke: var(--go-board-line, #3b2a14); stroke-width: 0.04; }
.goban .star { fill: var(--go-board-line, #3b2a14); }
.goban .coord { fill: var(--go-board-coord, #3b2a14); font-size: 0.42px; text-anchor: middle; dominant-baseline: central; }
.goban .stone.black { fill: var(--go-board-black, #111); stroke: #000; stroke-width: 0.02; }
.goban .stone.white { fill: var(--go-board-white, #f7f7f2); stroke: #555; stroke-width: 0.03; }
.goban .ghost { opacity: 0.5; pointer-events: none; }
.goban .ghost.preview { opacity: 0.75; }
.goban.pv-showing .ghost { visibility: hidden; }
.goban .last-move { fill: none; stroke-width: 0.07; pointer-events: none; }
.goban .last-move.on-black { stroke: var(--go-board-white, #f7f7f2); }
.goban .last-move.on-white { stroke: var(--go-board-black, #111); }
.goban .dead-mark { stroke: var(--go-board-dead, #d22); stroke-width: 0.09; stroke-linecap: round; pointer-events: none; }
.goban .focus-ring { fill: none; stroke: var(--go-board-focus, #1a5fd0); stroke-width: 0.08; pointer-events: none; }
.goban .overlay-status[data-statuses="carried"] { opacity: 0.4; }
`;

/** Callbacks of a {@link BoardView}. */
export interface BoardViewEvents {
  /** The user chose a point (a click, a confirmed tap, Enter on the keyboard cursor). */
  onPlay?: (v: Vertex) => void;
  /** The pointer is over a point, or left the board (`null`). */
  onHover?: (v: Vertex | null) => void;
  /** A first tap on a touch screen previewed a stone at `v`: a second tap on it plays. */
  onTapPreview?: (v: Vertex) => void;
  /** The keyboard cursor moved (see {@link BoardView.enableKeyboardCursor}); `null` when it left. */
  onCursor?: (v: Vertex | null) => void;
}

/** An SVG Go board. */
export class BoardView {
  /** The root `<svg>` element. */
  readonly svg: SVGSVGElement;
  /** Board size. */
  size = 0;
  /** Whether the user may choose points. */
  interactive = true;
  /** Callbacks. */
  events: BoardViewEvents;
  private grid: SVGGElement;
  private overlaysRoot: SVGGElement;
  private stones: SVGGElement;
  private marks: SVGGElement;
  /** The lesson's layers: move numbers, the SGF marks, the next moves as letters (see lesson.ts). */
  readonly numbersLayer: SVGGElement;
  readonly markupLayer: SVGGElement;
  readonly variationsLayer: SVGGElement;
  private deadLayer: SVGGElement;
  private ghostLayer: SVGGElement;
  private overlayLayers = new Map<string, SVGGElement>();
  private signMap: Int8Array = new Int8Array(0);
  private ghostColor: Color | null = null;
  /** A touch tap waiting for confirmation (tap again on the same point). */
  private pendingTap: Vertex | null = null;
  private lastPointerType = "mouse";
  /** The keyboard cursor, while the board has the focus. */
  private cursor: Vertex | null = null;
  /** A press of the pointer is under way: a focus now comes from it, not from the keyboard. */
  private pointerPress = false;

  constructor(parent: Element, size: number, events: BoardViewEvents = {}) {
    this.events = events;
    this.svg = svgEl("svg", { class: "goban", role: "img" }, parent);
    this.grid = svgEl("g", { class: "grid" }, this.svg);
    this.stones = svgEl("g", { class: "stones" }, this.svg);
    // Overlays lie over the stones (danger tints them; labels stay visible).
    this.overlaysRoot = svgEl("g", { class: "overlays" }, this.svg);
    this.numbersLayer = svgEl("g", { class: "move-numbers" }, this.svg);
    this.marks = svgEl("g", { class: "marks" }, this.svg);
    this.markupLayer = svgEl("g", { class: "markup" }, this.svg);
    this.variationsLayer = svgEl("g", { class: "variations" }, this.svg);
    this.deadLayer = svgEl("g", { class: "dead" }, this.svg);
    this.ghostLayer = svgEl("g", { class: "ghosts" }, this.svg);
    this.svg.addEventListener("pointerdown", (e) => (this.lastPointerType = e.pointerType));
    this.svg.addEventListener("pointermove", (e) => {
      if (e.pointerType === "touch") return;
      this.events.onHover?.(this.vertexAt(e.clientX, e.clientY));
    });
    this.svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "touch") this.events.onHover?.(null);
    });
    this.svg.addEventListener("click", (e) => this.click(e.clientX, e.clientY));
    this.setSize(size);
  }

  /** Redraws the empty grid for a new size. */
  setSize(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.signMap = new Int8Array(size * size);
    const span = size - 1 + 2 * MARGIN;
    this.svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${span} ${span}`);
    this.svg.setAttribute("aria-label", `Go board, ${size} by ${size}`);
    this.svg.dataset.size = String(size);
    this.grid.replaceChildren();
    svgEl("rect", { class: "wood", x: -MARGIN, y: -MARGIN, width: span, height: span }, this.grid);
    for (let i = 0; i < size; i++) {
      svgEl("line", { x1: 0, y1: i, x2: size - 1, y2: i }, this.grid);
      svgEl("line", { x1: i, y1: 0, x2: i, y2: size - 1 }, this.grid);
    }
    for (const s of starPoints(size)) svgEl("circle", { class: "star", cx: s.x, cy: s.y, r: 0.1 }, this.grid);
    const far = size - 1 + 0.75;
    for (let i = 0; i < size; i++) {
      for (const y of [-0.75, far])
        svgEl("text", { class: "coord", x: i, y }, this.grid).textContent = COLUMNS[i] ?? "";
      for (const x of [-0.75, far])
        svgEl("text", { class: "coord", x, y: i }, this.grid).textContent = String(size - i);
    }
    this.stones.replaceChildren();
    this.marks.replaceChildren();
    this.numbersLayer.replaceChildren();
    this.markupLayer.replaceChildren();
    this.variationsLayer.replaceChildren();
    this.deadLayer.replaceChildren();
    this.ghostLayer.replaceChildren();
    for (const layer of this.overlayLayers.values()) layer.replaceChildren();
    this.pendingTap = null;
  }

  /** Draws the stones of a signMap (+1 black, -1 white) and the last-move mark. */
  setPosition(signMap: Int8Array, lastMove: Vertex | null): void {
    this.signMap = signMap;
    const frag = document.createDocumentFragment();
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        const s = signMap[rowMajor(x, y, this.size)];
        if (!s) continue;
        const color = s > 0 ? "black" : "white";
        const c = svgEl("circle", { class: `stone ${color}`, cx: x, cy: y, r: STONE_RADIUS });
        c.dataset.x = String(x);
        c.dataset.y = String(y);
        c.dataset.color = color;
        c.dataset.vertex = vertexName({ x, y }, this.size);
        frag.appendChild(c);
      }
    }
    this.stones.replaceChildren(frag);
    this.marks.replaceChildren();
    this.setFocusRing(this.cursor);
    if (lastMove) {
      const s = signMap[indexOf(lastMove, this.size)];
      if (s) {
        const m = svgEl(
          "circle",
          { class: `last-move ${s > 0 ? "on-black" : "on-white"}`, cx: lastMove.x, cy: lastMove.y, r: 0.22 },
          this.marks,
        );
        m.dataset.vertex = vertexName(lastMove, this.size);
      }
    }
    this.pendingTap = null;
  }

  /** Shows or hides the coordinates around the grid. */
  setCoordinates(on: boolean): void {
    this.svg.classList.toggle("no-coordinates", !on);
  }

  /**
   * Shows only the rectangle from (x0, y0) to (x1, y1) (an SGF `VW` view),
   * or the whole board for `null`.
   */
  setView(bounds: { x0: number; y0: number; x1: number; y1: number } | null): void {
    const span = this.size - 1 + 2 * MARGIN;
    if (!bounds) {
      this.svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${span} ${span}`);
      delete this.svg.dataset.view;
      return;
    }
    const pad = 0.6;
    const w = bounds.x1 - bounds.x0 + 2 * pad;
    const h = bounds.y1 - bounds.y0 + 2 * pad;
    this.svg.setAttribute("viewBox", `${bounds.x0 - pad} ${bounds.y0 - pad} ${w} ${h}`);
    this.svg.dataset.view = `${vertexName({ x: bounds.x0, y: bounds.y0 }, this.size)}:${vertexName({ x: bounds.x1, y: bounds.y1 }, this.size)}`;
  }

  /** Crosses on the stones marked dead (for counting); an empty list clears them. */
  setDead(stones: Vertex[]): void {
    this.deadLayer.replaceChildren();
    const d = 0.25;
    for (const v of stones) {
      const g = svgEl(
        "path",
        {
          class: "dead-mark",
          d: `M${v.x - d} ${v.y - d}L${v.x + d} ${v.y + d}M${v.x + d} ${v.y - d}L${v.x - d} ${v.y + d}`,
        },
        this.deadLayer,
      );
      g.dataset.vertex = vertexName(v, this.size);
    }
  }

  /** The colour of the ghost stone shown under the pointer (`null`: none). */
  setGhostColor(color: Color | null): void {
    this.ghostColor = color;
    if (!color) this.setGhost(null);
  }

  /** Shows a translucent stone of the ghost colour at `v` (`null` hides it). */
  setGhost(v: Vertex | null, preview = false): void {
    this.ghostLayer.replaceChildren();
    if (!v || !this.ghostColor) return;
    const g = svgEl(
      "circle",
      { class: `stone ${this.ghostColor} ghost${preview ? " preview" : ""}`, cx: v.x, cy: v.y, r: STONE_RADIUS },
      this.ghostLayer,
    );
    g.dataset.vertex = vertexName(v, this.size);
  }

  /** Shows a keyboard focus ring at `v` (`null` hides it). */
  setFocusRing(v: Vertex | null): void {
    this.marks.querySelector(".focus-ring")?.remove();
    if (v) svgEl("rect", { class: "focus-ring", x: v.x - 0.5, y: v.y - 0.5, width: 1, height: 1, rx: 0.1 }, this.marks);
  }

  /**
   * Makes the board keyboard-operable: it takes the focus (Tab), the arrow
   * keys move a cursor over the intersections, Enter or Space plays there,
   * Escape leaves. The cursor is reported as a hover, so the ghost stone
   * and the overlay preview follow it.
   */
  enableKeyboardCursor(): void {
    this.svg.tabIndex = 0;
    // A click or tap focuses the board too, but the cursor is the keyboard's: without it the arrows step through the record.
    this.svg.addEventListener("pointerdown", () => (this.pointerPress = true));
    this.svg.addEventListener("click", () => (this.pointerPress = false));
    this.svg.addEventListener("pointercancel", () => (this.pointerPress = false));
    this.svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse") this.pointerPress = false;
    });
    this.svg.addEventListener("focus", () => {
      if (this.pointerPress) {
        this.pointerPress = false;
        return;
      }
      this.moveCursor(this.cursor ?? { x: (this.size - 1) >> 1, y: (this.size - 1) >> 1 });
    });
    this.svg.addEventListener("blur", () => this.moveCursor(null));
    this.svg.addEventListener("keydown", (e) => {
      const c = this.cursor;
      if (!c) return;
      const next = arrowStep(e.key, c, this.size);
      if (next) {
        this.moveCursor(next);
      } else if (e.key === "Enter" || e.key === " ") {
        if (this.interactive) this.events.onPlay?.(c);
      } else if (e.key === "Escape") {
        this.svg.blur();
      } else {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    });
  }

  private moveCursor(v: Vertex | null): void {
    this.cursor = v;
    this.setFocusRing(v);
    this.events.onHover?.(v);
    this.events.onCursor?.(v);
  }

  /** The `<g>` layer of an overlay, created on first use, in order of creation. */
  overlayLayer(id: string): SVGGElement {
    let layer = this.overlayLayers.get(id);
    if (!layer) {
      layer = svgEl("g", { class: `overlay overlay-${id}` }, this.overlaysRoot);
      layer.dataset.overlay = id;
      this.overlayLayers.set(id, layer);
    }
    return layer;
  }

  /** The stone at `v`: +1 black, -1 white, 0 empty (as last drawn). */
  stoneAt(v: Vertex): number {
    return this.signMap[indexOf(v, this.size)] ?? 0;
  }

  /** The intersection under a screen point, or `null` off the grid. */
  vertexAt(clientX: number, clientY: number): Vertex | null {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return null;
    if (Math.abs(p.x - x) > 0.5 || Math.abs(p.y - y) > 0.5) return null;
    return { x, y };
  }

  private click(clientX: number, clientY: number): void {
    if (!this.interactive) return;
    const v = this.vertexAt(clientX, clientY);
    if (!v) return;
    if (this.lastPointerType === "touch") {
      // Touch: the first tap previews, a second tap on the same point plays.
      if (!this.pendingTap || this.pendingTap.x !== v.x || this.pendingTap.y !== v.y) {
        this.pendingTap = v;
        this.events.onHover?.(v);
        this.setGhost(v, true);
        this.events.onTapPreview?.(v);
        return;
      }
    }
    this.pendingTap = null;
    this.events.onPlay?.(v);
  }
}
