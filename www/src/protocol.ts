// Messages between the page (EngineWorker) and the engine worker.

import type {
  Analysis,
  AnalyzeOptions,
  GenmoveOptions,
  GenmoveResult,
  Position,
  VertexInput,
  WhyNotResult,
} from "../pkg/moku.js";

export type { GenmoveOptions, GenmoveResult, WhyNotResult } from "../pkg/moku.js";

/** Page -> worker. */
export type Request =
  | { id: number; type: "init"; wasmUrl: string }
  | { id: number; type: "analyze"; position: Position; after: VertexInput | null; options: AnalyzeOptions }
  | { id: number; type: "genmove"; position: Position; options: GenmoveOptions }
  | { id: number; type: "whyNot"; position: Position; vertex: VertexInput; options: GenmoveOptions };

/** Worker -> page: the answer to request `id`. */
export type Response =
  | { id: number; ok: true; result: Analysis | GenmoveResult | WhyNotResult | null }
  | { id: number; ok: false; error: string };
