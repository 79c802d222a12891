// Board coordinates on the page: the one column alphabet and the one
// row-major index of the TypeScript side (Rust has theirs in
// src/rules/point.rs: GTP_COLUMNS and Point::row_major).

import type { Vertex } from "../../pkg/moku.js";

/** GTP column letters: A..Z without I (25 letters, the largest board). */
export const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/** The index of point (x, y) in a flat map of a board of `size`: row-major from the top-left. */
export function rowMajor(x: number, y: number, size: number): number {
  return y * size + x;
}

/** The index of a vertex in a flat map of a board of `size` (see {@link rowMajor}). */
export function indexOf(v: Vertex, size: number): number {
  return rowMajor(v.x, v.y, size);
}

/** The GTP name of a vertex on a board of `size`, e.g. `{x: 15, y: 3}` on 19x19 -> `"Q16"`. */
export function vertexName(v: Vertex, size: number): string {
  return `${COLUMNS[v.x]}${size - v.y}`;
}

/** Calls `f(x, y, value)` for every point of a flat row-major map of a board of `size`. */
export function eachPoint(map: ArrayLike<number>, size: number, f: (x: number, y: number, v: number) => void): void {
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) f(x, y, map[rowMajor(x, y, size)] ?? 0);
}

/** The vertex a GTP name means on a board of `size` (`"Q16"` -> `{x: 15, y: 3}` on 19x19), or null for a pass or a name off the board. */
export function parseVertex(name: string, size: number): Vertex | null {
  const m = /^([A-HJ-Z])(\d{1,2})$/i.exec(name.trim());
  if (!m) return null;
  const x = COLUMNS.indexOf((m[1] ?? "").toUpperCase());
  const y = size - Number(m[2]);
  return x >= 0 && x < size && y >= 0 && y < size ? { x, y } : null;
}

/** The points an arrow key moves a keyboard cursor by: one point, left, right, up or down. */
const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Where the arrow key `key` moves a cursor at `from` on a board of `size`, kept on the board; `null` for any other key. */
export function arrowStep(key: string, from: Vertex, size: number): Vertex | null {
  const step = ARROW_STEPS[key];
  if (!step) return null;
  return {
    x: Math.min(size - 1, Math.max(0, from.x + step[0])),
    y: Math.min(size - 1, Math.max(0, from.y + step[1])),
  };
}
