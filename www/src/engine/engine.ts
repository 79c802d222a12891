// EngineWorker: the engine in a Web Worker behind a Promise API, so the
// page never blocks while the engine thinks.

import {
  type Analysis,
  type AnalyzeOptions,
  type EstimateOptions,
  type EstimateResult,
  type GenmoveOptions,
  type GenmoveResult,
  levels,
  type MoveReviewInfo,
  type Position,
  type ReviewOptions,
  type SelfCheckResult,
  type VertexInput,
  type WhyNotResult,
} from "../../pkg/moku.js";
import type { Request, Response } from "./protocol.js";
import { mergeRootResults } from "./root-merge.js";
import { defaultWasmUrl, loadMoku } from "./wasm.js";

export type {
  EstimateOptions,
  EstimateResult,
  GenmoveOptions,
  GenmoveResult,
  MoveReviewInfo,
  ReviewOptions,
  SelfCheckResult,
  WhyNotResult,
} from "../../pkg/moku.js";

/** Where the worker script and the wasm live. */
export interface EngineWorkerOptions {
  /** URL of `engine-worker.js`. Default: beside this bundle. Example: `"/static/moku/engine-worker.js"`. */
  workerUrl?: string | URL;
  /** URL of `moku_bg.wasm`. Default: the page's `MOKU_WASM_URL`, else beside this bundle as built (`../pkg/` from `dist/`, the package's own folder from npm). Example: `"/static/moku/moku_bg.wasm"`. */
  wasmUrl?: string | URL;
  /**
   * Called when the worker dies (a trap, out of memory): the requests in
   * flight reject, and the next request starts a fresh worker. Example:
   * `(message) => showError(message)`.
   */
  onFailure?: (message: string) => void;
  /**
   * Workers that search each tree-level move together (root parallelism:
   * each grows its own tree with its own seed, and the roots are merged),
   * 1 to {@link MAX_SEARCH_WORKERS}; default 1. More playouts in the same
   * time on a machine with the cores, at one wasm instance per worker.
   * Example: `Math.min(4, navigator.hardwareConcurrency - 1)`.
   */
  searchWorkers?: number;
}

/** The most workers one move may use: beyond four the merged roots gain little and each worker costs a wasm instance. */
export const MAX_SEARCH_WORKERS = 8;

/** Seeds of the helper workers: the caller's seed plus a multiple of this prime, so that no two trees play the same playouts. */
const SEED_STRIDE = 7919;

/** The worker script beside this bundle, or the bundle itself when it is its own worker (the single-file build). */
function defaultWorkerUrl(): URL {
  return __MOKU_WORKER__ === "" ? new URL(import.meta.url) : new URL(__MOKU_WORKER__, import.meta.url);
}

/**
 * What `new Worker` is given for a worker script: its URL when it is of
 * the page's origin, else a same-origin Blob that imports it (a worker
 * cannot start from another origin, a module it imports can when that
 * origin allows it, as CDNs do).
 */
export function workerScript(url: URL): URL | string {
  if (url.origin === location.origin) return url;
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
  return URL.createObjectURL(shim);
}

/** The error of a request dropped by `cancel()`. */
export class CancelledError extends Error {
  constructor() {
    super("the request was cancelled");
    this.name = "CancelledError";
  }
}

type Pending = { resolve: (r: Response) => void; reject: (e: Error) => void };

/** The engine, running in a Web Worker. */
export class EngineWorker {
  private readonly workerUrl: URL;
  private readonly wasmUrl: URL;
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private readonly onFailure: ((message: string) => void) | undefined;
  /** The other workers of a root-parallel search (made on first use). */
  private helpers: EngineWorker[] = [];
  private readonly searchWorkers: number;

  constructor(options: EngineWorkerOptions = {}) {
    const n = options.searchWorkers ?? 1;
    if (!Number.isInteger(n) || n < 1 || n > MAX_SEARCH_WORKERS) {
      throw new RangeError(`searchWorkers must be a whole number from 1 to ${MAX_SEARCH_WORKERS}, not ${String(n)}`);
    }
    this.searchWorkers = n;
    this.onFailure = options.onFailure;
    this.workerUrl = new URL(options.workerUrl ?? defaultWorkerUrl(), location.href);
    this.wasmUrl = new URL(options.wasmUrl ?? defaultWasmUrl(), location.href);
  }

  /**
   * The analysis of `position`, or of the position after the side to move
   * plays `after` (the hover preview), e.g. `analyze(game.position(), "D4",
   * { radiationModel: "naive-euclid" })`.
   */
  async analyze(position: Position, after: VertexInput | null = null, options: AnalyzeOptions = {}): Promise<Analysis> {
    const r = await this.request({ type: "analyze", position, after, options });
    return r as Analysis;
  }

  /**
   * The engine's move for the side to move of `position`, with its reasons
   * and candidates, e.g. `genmove(game.position(), { level: 6, timeMs: 1000 })`
   * then `game.play(r.move)`. {@link cancel} stops it.
   */
  async genmove(position: Position, options: GenmoveOptions = {}): Promise<GenmoveResult> {
    const own = this.request({ type: "genmove", position, options }) as Promise<GenmoveResult>;
    if (this.searchWorkers === 1) return own;
    // The engine's own levels: only the tree search's levels are shared between workers.
    await loadMoku(this.wasmUrl);
    const { default: defaultLevel, treeFrom } = levels();
    const level = options.level ?? defaultLevel;
    if (typeof level !== "number" || level < treeFrom) return own;
    while (this.helpers.length < this.searchWorkers - 1) {
      this.helpers.push(
        new EngineWorker({ workerUrl: this.workerUrl, wasmUrl: this.wasmUrl, onFailure: this.onFailure }),
      );
    }
    const seed = typeof options.seed === "number" ? options.seed : 0;
    const theirs = this.helpers.map((h, i) =>
      h.genmove(position, { ...options, seed: (seed + (i + 1) * SEED_STRIDE) % 2 ** 32 }),
    );
    return mergeRootResults(await Promise.all([own, ...theirs]));
  }

  /**
   * Why the engine would not play `vertex` in `position` (the rules, an own
   * eye, or its value and reasons beside the engine's move), e.g.
   * `(await engine.whyNot(game.position(), "C3")).text`.
   */
  async whyNot(position: Position, vertex: VertexInput, options: GenmoveOptions = {}): Promise<WhyNotResult> {
    const r = await this.request({ type: "whyNot", position, vertex, options });
    return r as WhyNotResult;
  }

  /**
   * One move of a game review: the move `played` in `position` (the position
   * before it) valued beside the engine's own, e.g.
   * `(await engine.reviewMove(before, "C3")).text`.
   */
  async reviewMove(position: Position, played: VertexInput, options: ReviewOptions = {}): Promise<MoveReviewInfo> {
    const r = await this.request({ type: "reviewMove", position, played, options });
    return r as MoveReviewInfo;
  }

  /**
   * The count of a game in progress from the playouts: Black's lead, win
   * rate and ownership, e.g. `(await engine.estimate(game.position())).blackLead`.
   */
  async estimate(position: Position, options: EstimateOptions = {}): Promise<EstimateResult> {
    const r = await this.request({ type: "estimate", position, options });
    return r as EstimateResult;
  }

  /**
   * The thermography notes' self-check at `position` (the position before a
   * record's move): the estimate beside the estimate after the clearly
   * biggest move, term by term, e.g.
   * `(await engine.selfCheck(before)).comparison?.reported`.
   */
  async selfCheck(position: Position, options: AnalyzeOptions = {}): Promise<SelfCheckResult> {
    const r = await this.request({ type: "selfCheck", position, options });
    return r as SelfCheckResult;
  }

  /** The bytes of the worker's wasm memory; it only grows, so a long run that keeps growing leaks. */
  async memoryBytes(): Promise<number> {
    return (await this.request({ type: "memory" })) as number;
  }

  /** For tests: makes the worker die as a trap would (the `onFailure` path). */
  async crash(): Promise<void> {
    await this.request({ type: "crash" });
  }

  /** Drops every request in flight (they reject with {@link CancelledError}) and stops the computation. */
  cancel(): void {
    for (const h of this.helpers) h.cancel();
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new CancelledError());
    this.pending.clear();
  }

  /** Whether requests are in flight. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  private start(): Worker {
    const w = new Worker(workerScript(this.workerUrl), { type: "module" });
    w.onmessage = (e: MessageEvent<Response>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      p.resolve(e.data);
    };
    w.onerror = (e: ErrorEvent) => {
      const err = new Error(`the engine worker failed: ${e.message || `could not load ${this.workerUrl.href}`}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (this.worker === w) this.worker = null;
      w.terminate();
      this.onFailure?.(err.message);
    };
    this.worker = w;
    void this.send(w, { type: "init", wasmUrl: this.wasmUrl.href });
    return w;
  }

  private send(w: Worker, req: DistributiveOmit<Request, "id">): Promise<Response> {
    const id = this.nextId++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ ...req, id } as Request);
    });
  }

  private async request(
    req: DistributiveOmit<Request, "id">,
  ): Promise<
    Analysis | GenmoveResult | WhyNotResult | MoveReviewInfo | EstimateResult | SelfCheckResult | number | null
  > {
    const r = await this.send(this.worker ?? this.start(), req);
    if (!r.ok) {
      // The same class as the worker's error, so that callers can tell an
      // argument error (TypeError, RangeError) from a refused request.
      const Class = r.errorClass === "TypeError" ? TypeError : r.errorClass === "RangeError" ? RangeError : Error;
      throw new Class(r.error);
    }
    return r.result;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
