// The lesson drawn on a board: the SGF marks of the current node (labels,
// triangles, circles, squares, crosses, selected points, arrows, lines,
// dimmed points), move numbers on the stones, the next moves of the
// record as letters (never over the author's own signs), and the text
// around the board (game information, the comment). Shared by the page
// and <go-board>.

import type { GameInfoView, Markup, MoveInfo, Variation, Vertex } from "../../pkg/moku.js";
import { svgEl } from "./board-view.js";
import { indexOf, vertexName } from "./coords.js";

/** The CSS of the marks; the ink takes the colour that shows on the point (see {@link inkClass}). */
export const LESSON_CSS = `
.goban .mark { fill: none; stroke-width: 0.07; pointer-events: none; }
.goban .mark.ink-dark { stroke: var(--go-board-black, #111); }
.goban .mark.ink-light { stroke: var(--go-board-white, #f7f7f2); }
.goban text.mark, .goban text.move-number, .goban text.variation { stroke: none; font-size: 0.5px; text-anchor: middle;
  dominant-baseline: central; font-family: var(--go-board-font, system-ui, sans-serif); pointer-events: none; }
.goban text.mark.ink-dark, .goban text.mark.ink-light { stroke: none; }
.goban text.mark.ink-dark, .goban text.move-number.ink-dark { fill: var(--go-board-black, #111); }
.goban text.mark.ink-light, .goban text.move-number.ink-light { fill: var(--go-board-white, #f7f7f2); }
.goban .label-ground { fill: var(--go-board-wood, #dcb35c); pointer-events: none; }
.goban .mark.selected { fill: var(--go-board-focus, #1a5fd0); fill-opacity: 0.45; stroke: none; }
.goban .mark.dimmed { fill: var(--go-board-wood, #dcb35c); fill-opacity: 0.65; stroke: none; }
.goban .arrow-head { stroke: none; }
.goban .arrow-head.ink-dark { fill: var(--go-board-black, #111); }
.goban .arrow-head.ink-light { fill: var(--go-board-white, #f7f7f2); }
.goban text.variation { fill: var(--go-board-variation, #1a5fd0); font-weight: bold; }
.goban .variation-ground { fill: var(--go-board-wood, #dcb35c); fill-opacity: 0.85; pointer-events: none; }
.goban.no-coordinates .coord { display: none; }
`;

/** The SGF property each drawn mark comes from, as its `data-mark`. */
export type MarkKind = "LB" | "TR" | "CR" | "SQ" | "MA" | "SL" | "AR" | "LN" | "DD";

/** The ink that shows on a point: light on a black stone, dark elsewhere. */
export function inkClass(stone: number): "ink-light" | "ink-dark" {
  return stone > 0 ? "ink-light" : "ink-dark";
}

/** The letter of the variation at `index`: A, B, ... Z, then a, b, ... */
export function variationLetter(index: number): string {
  if (index < 26) return String.fromCharCode(65 + index);
  if (index < 52) return String.fromCharCode(97 + index - 26);
  return String(index + 1);
}

/** Half the side of a square mark, in board units. */
const SQUARE = 0.22;
/** Radius of a circle mark. */
const CIRCLE = 0.25;
/** Distance from a triangle's centre to its corners. */
const TRIANGLE = 0.3;
/** Half the length of a cross's arm. */
const CROSS = 0.2;
/** Length and half-width of an arrow's head. */
const HEAD = [0.3, 0.14] as const;

function tagged<E extends SVGElement>(el: E, kind: MarkKind, v: Vertex, size: number): E {
  el.dataset.mark = kind;
  el.dataset.vertex = vertexName(v, size);
  return el;
}

/**
 * Draws `markup` into `layer` (emptied first). `stoneAt` gives the stone
 * at a point (+1 black, -1 white, 0 empty), for the ink.
 */
export function drawMarkup(layer: SVGGElement, markup: Markup, size: number, stoneAt: (v: Vertex) => number): void {
  layer.replaceChildren();
  const ink = (v: Vertex): string => inkClass(stoneAt(v));
  for (const v of markup.dimmed) {
    tagged(
      svgEl("rect", { class: "mark dimmed", x: v.x - 0.5, y: v.y - 0.5, width: 1, height: 1 }, layer),
      "DD",
      v,
      size,
    );
  }
  for (const v of markup.selected) {
    tagged(
      svgEl("rect", { class: "mark selected", x: v.x - 0.5, y: v.y - 0.5, width: 1, height: 1 }, layer),
      "SL",
      v,
      size,
    );
  }
  for (const v of markup.triangles) {
    const r = TRIANGLE;
    const pts = [0, 1, 2].map((i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
      return `${(v.x + r * Math.cos(a)).toFixed(3)},${(v.y + r * Math.sin(a) + 0.04).toFixed(3)}`;
    });
    tagged(svgEl("polygon", { class: `mark ${ink(v)}`, points: pts.join(" ") }, layer), "TR", v, size);
  }
  for (const v of markup.circles) {
    tagged(svgEl("circle", { class: `mark ${ink(v)}`, cx: v.x, cy: v.y, r: CIRCLE }, layer), "CR", v, size);
  }
  for (const v of markup.squares) {
    const attrs = { class: `mark ${ink(v)}`, x: v.x - SQUARE, y: v.y - SQUARE, width: 2 * SQUARE, height: 2 * SQUARE };
    tagged(svgEl("rect", attrs, layer), "SQ", v, size);
  }
  for (const v of markup.crosses) {
    const d = `M${v.x - CROSS} ${v.y - CROSS}L${v.x + CROSS} ${v.y + CROSS}M${v.x + CROSS} ${v.y - CROSS}L${v.x - CROSS} ${v.y + CROSS}`;
    tagged(svgEl("path", { class: `mark ${ink(v)}`, d }, layer), "MA", v, size);
  }
  for (const { from, to } of markup.lines) {
    const line = svgEl("line", { class: "mark ink-dark", x1: from.x, y1: from.y, x2: to.x, y2: to.y }, layer);
    tagged(line, "LN", from, size).dataset.to = vertexName(to, size);
  }
  for (const { from, to } of markup.arrows) {
    const g = tagged(svgEl("g", { class: "arrow" }, layer), "AR", from, size);
    g.dataset.to = vertexName(to, size);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy);
    const ux = dx / len;
    const uy = dy / len;
    const bx = to.x - ux * HEAD[0];
    const by = to.y - uy * HEAD[0];
    svgEl("line", { class: "mark ink-dark", x1: from.x, y1: from.y, x2: bx, y2: by }, g);
    const head = [
      `${to.x},${to.y}`,
      `${(bx - uy * HEAD[1]).toFixed(3)},${(by + ux * HEAD[1]).toFixed(3)}`,
      `${(bx + uy * HEAD[1]).toFixed(3)},${(by - ux * HEAD[1]).toFixed(3)}`,
    ];
    svgEl("polygon", { class: "arrow-head ink-dark", points: head.join(" ") }, g);
  }
  for (const { vertex: v, text } of markup.labels) {
    const g = tagged(svgEl("g", { class: "label" }, layer), "LB", v, size);
    // On an empty point the grid lines would cross the text: wood under it.
    if (stoneAt(v) === 0) svgEl("circle", { class: "label-ground", cx: v.x, cy: v.y, r: 0.36 }, g);
    svgEl("text", { class: `mark ${ink(v)}`, x: v.x, y: v.y }, g).textContent = text;
  }
}

/**
 * The move numbers to write on the stones: for each point whose stone was
 * played in `moves` (the first `upTo` of them), the number of the last
 * move there that still stands on the board.
 */
export function moveNumbers(
  moves: readonly MoveInfo[],
  upTo: number,
  board: ArrayLike<number>,
  size: number,
): Map<number, number> {
  const out = new Map<number, number>();
  moves.slice(0, upTo).forEach((m, i) => {
    if (m.vertex) out.set(indexOf(m.vertex, size), i + 1);
  });
  for (const i of [...out.keys()]) if (!board[i]) out.delete(i);
  return out;
}

/**
 * The points where `markup` draws a sign on the stone (triangle, circle,
 * square, cross or label): a move number there would be drawn over by the
 * sign, so the number gives way, as in printed diagrams.
 */
export function signedPoints(markup: Markup, size: number): Set<number> {
  const out = new Set<number>();
  for (const v of [...markup.triangles, ...markup.circles, ...markup.squares, ...markup.crosses]) {
    out.add(indexOf(v, size));
  }
  for (const l of markup.labels) out.add(indexOf(l.vertex, size));
  return out;
}

/** Writes the move numbers on the stones (into `layer`, emptied first). */
export function drawMoveNumbers(
  layer: SVGGElement,
  numbers: Map<number, number>,
  size: number,
  board: ArrayLike<number>,
): void {
  layer.replaceChildren();
  for (const [i, n] of numbers) {
    const x = i % size;
    const y = Math.floor(i / size);
    const t = svgEl("text", { class: `move-number ${inkClass(board[i] ?? 0)}`, x, y }, layer);
    t.textContent = String(n);
    t.dataset.vertex = vertexName({ x, y }, size);
    // Three digits need a smaller type to fit in a stone.
    if (n >= 100) t.setAttribute("font-size", "0.36");
  }
}

/**
 * The author's sign on point `v`, in words for the list of variations:
 * "marked 2" for a label, "marked with a triangle" (circle, square, cross)
 * for a shape, or null when the author drew none there.
 */
export function signWords(markup: Markup, v: Vertex): string | null {
  const at = (p: Vertex): boolean => p.x === v.x && p.y === v.y;
  const label = markup.labels.find((l) => at(l.vertex));
  if (label) return `marked ${label.text}`;
  const shapes: [readonly Vertex[], string][] = [
    [markup.triangles, "triangle"],
    [markup.circles, "circle"],
    [markup.squares, "square"],
    [markup.crosses, "cross"],
  ];
  for (const [points, name] of shapes) if (points.some(at)) return `marked with a ${name}`;
  return null;
}

/**
 * The variations whose letter goes on the board: those with a point, when
 * there are two or more, except where the author drew a sign (a label,
 * triangle, circle, square or cross; see {@link signedPoints}). The
 * author's sign wins because the comment speaks of it ("Which is right, 1
 * or 2?"): a letter over it would hide what the comment names. The list of
 * variations under the board still names each one, with the author's sign
 * (see {@link signWords}). Selected and dimmed points are tints, not signs:
 * a letter shows on them.
 */
export function letteredVariations(variations: readonly Variation[], markup: Markup, size: number): Variation[] {
  if (variations.length < 2) return [];
  const signed = signedPoints(markup, size);
  return variations.filter((v) => v.vertex !== null && !signed.has(indexOf(v.vertex, size)));
}

/**
 * Writes the record's next moves as letters on their points (into `layer`,
 * emptied first): those {@link letteredVariations} keeps, so never over
 * one of the author's signs in `markup`.
 */
export function drawVariations(
  layer: SVGGElement,
  variations: readonly Variation[],
  size: number,
  markup: Markup,
): void {
  layer.replaceChildren();
  for (const v of letteredVariations(variations, markup, size)) {
    if (!v.vertex) continue;
    const g = svgEl("g", { class: "variation-mark" }, layer);
    g.dataset.variation = String(v.index);
    g.dataset.vertex = vertexName(v.vertex, size);
    svgEl("circle", { class: "variation-ground", cx: v.vertex.x, cy: v.vertex.y, r: 0.36 }, g);
    svgEl("text", { class: "variation", x: v.vertex.x, y: v.vertex.y }, g).textContent = variationLetter(v.index);
  }
}

/** The part of the board a `VW` view shows: the smallest rectangle holding its points, or null for the whole board. */
export function viewBounds(view: readonly Vertex[] | null): { x0: number; y0: number; x1: number; y1: number } | null {
  if (!view || view.length === 0) return null;
  const xs = view.map((v) => v.x);
  const ys = view.map((v) => v.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The game information in one line for people: "Lee Sedol 9p (Black) – Cho Hunhyun (White), W+R. Event, 2026-11-28. Komi 6.5." */
export function gameInfoText(info: GameInfoView): string {
  const player = (name: string | undefined, rank: string | undefined, color: string): string | null =>
    name ? `${name}${rank ? ` ${rank}` : ""} (${color})` : null;
  const players = [player(info.black, info.blackRank, "Black"), player(info.white, info.whiteRank, "White")].filter(
    (p): p is string => p !== null,
  );
  const parts: string[] = [];
  if (info.name) parts.push(info.name);
  if (players.length) parts.push(players.join(" – ") + (info.result ? `, ${resultText(info.result)}` : ""));
  else if (info.result) parts.push(resultText(info.result));
  const when = [info.event, info.date].filter(Boolean).join(", ");
  if (when) parts.push(when);
  if (info.komi) parts.push(`Komi ${info.komi}`);
  return parts.map((p) => (p.endsWith(".") ? p : `${p}.`)).join(" ");
}

/** A result as SGF writes it, in words: "B+3.5" is "Black wins by 3.5", "W+R" "White wins by resignation". */
export function resultText(re: string): string {
  const m = /^([BW])\+(.*)$/.exec(re.trim());
  if (!m) {
    if (re === "0" || re === "Draw") return "a draw";
    if (re === "Void") return "no result";
    if (re === "?") return "result unknown";
    return re;
  }
  const who = m[1] === "B" ? "Black" : "White";
  const how = m[2] ?? "";
  if (how === "") return `${who} wins`;
  if (how === "R" || how === "Resign") return `${who} wins by resignation`;
  if (how === "T" || how === "Time") return `${who} wins on time`;
  if (how === "F" || how === "Forfeit") return `${who} wins by forfeit`;
  return `${who} wins by ${how}`;
}
