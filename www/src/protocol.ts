// Messages between the page (EngineWorker) and the engine worker.

import type { Analysis, AnalyzeOptions, Position, VertexInput } from "../pkg/moku.js";

/** Options of a move request. */
export interface GenmoveOptions {
  /** Playing strength, 1 (weakest) to 10. */
  level?: number;
  /** Thinking time budget in milliseconds. */
  timeMs?: number;
}

/** The engine's chosen move. */
export interface GenmoveResult {
  /** GTP text: `"Q16"`, `"pass"` or `"resign"`. */
  move: string;
}

/** Page -> worker. */
export type Request =
  | { id: number; type: "init"; wasmUrl: string }
  | { id: number; type: "analyze"; position: Position; after: VertexInput | null; options: AnalyzeOptions }
  | { id: number; type: "genmove"; position: Position; options: GenmoveOptions };

/** Worker -> page: the answer to request `id`. */
export type Response =
  | { id: number; ok: true; result: Analysis | GenmoveResult | null }
  | { id: number; ok: false; error: string };
