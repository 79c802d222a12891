// Text for people: the text alternative of the board (a text board and
// move names, for screen readers and for copying) and the words the page
// uses for the players.

import type { Color, MoveInfo } from "../../pkg/moku.js";
import { COLUMNS, rowMajor } from "./coords.js";

/** `"Black"` or `"White"`. */
export function colorName(c: Color): string {
  return c === "black" ? "Black" : "White";
}

/**
 * The board as text, top row first: `X` black, `O` white, `.` empty, with
 * GTP coordinates around it.
 *
 * ```
 *   A B C
 * 3 . X .
 * 2 . O .
 * 1 . . .
 * ```
 */
export function textBoard(signMap: Int8Array, size: number): string {
  const pad = String(size).length;
  const header = " ".repeat(pad + 1) + COLUMNS.slice(0, size).split("").join(" ");
  const rows = [header];
  for (let y = 0; y < size; y++) {
    const cells: string[] = [];
    for (let x = 0; x < size; x++) {
      const s = signMap[rowMajor(x, y, size)] ?? 0;
      cells.push(s > 0 ? "X" : s < 0 ? "O" : ".");
    }
    rows.push(`${String(size - y).padStart(pad)} ${cells.join(" ")}`);
  }
  return rows.join("\n");
}

/** A move for people: `"Black E5"`, `"White passes"`. */
export function moveText(m: MoveInfo): string {
  const who = colorName(m.color);
  if (m.gtp === "pass") return `${who} passes`;
  if (m.gtp === "resign") return `${who} resigns`;
  return `${who} ${m.gtp}`;
}
