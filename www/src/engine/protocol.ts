// Messages between the page (EngineWorker) and the engine worker.

import type {
  Analysis,
  AnalyzeOptions,
  EstimateOptions,
  EstimateResult,
  GenmoveOptions,
  GenmoveResult,
  MoveReviewInfo,
  Position,
  ReviewOptions,
  SelfCheckResult,
  VertexInput,
  WhyNotResult,
} from "../../pkg/moku.js";

/** Page -> worker. */
export type Request =
  | { id: number; type: "init"; wasmUrl: string }
  | { id: number; type: "analyze"; position: Position; after: VertexInput | null; options: AnalyzeOptions }
  | { id: number; type: "genmove"; position: Position; options: GenmoveOptions }
  | { id: number; type: "whyNot"; position: Position; vertex: VertexInput; options: GenmoveOptions }
  | { id: number; type: "reviewMove"; position: Position; played: VertexInput; options: ReviewOptions }
  | { id: number; type: "estimate"; position: Position; options: EstimateOptions }
  | { id: number; type: "selfCheck"; position: Position; options: AnalyzeOptions }
  /** The bytes of the worker's wasm memory (for the soak: a leak shows as growth). */
  | { id: number; type: "memory" }
  /** For tests: the worker dies as a trap would kill it (an uncaught error). */
  | { id: number; type: "crash" };

/** Worker -> page: the answer to request `id`. */
export type Response =
  | {
      id: number;
      ok: true;
      result:
        | Analysis
        | GenmoveResult
        | WhyNotResult
        | MoveReviewInfo
        | EstimateResult
        | SelfCheckResult
        | number
        | null;
    }
  | { id: number; ok: false; error: string; errorClass: ErrorClass };

/**
 * The class of a refusal, kept across the worker: `TypeError` and
 * `RangeError` for an argument of the wrong type or out of range, `Error`
 * for a request the engine refuses (the API's `ApiError`).
 */
export type ErrorClass = "TypeError" | "RangeError" | "Error";
