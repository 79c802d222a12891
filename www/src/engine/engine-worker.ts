// The engine worker: runs the wasm off the page's thread and answers
// EngineWorker's requests one at a time.

import { analyze, estimate, genmove, reviewMove, selfCheck, whyNot } from "../../pkg/moku.js";
import { loadMoku, wasmMemoryBytes } from "./wasm.js";
import type { Request, Response } from "./protocol.js";

/** The parts of the worker scope this file uses (the DOM lib types `self` as a Window). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(message: Response): void;
}
const scope = globalThis as unknown as WorkerScope;

let ready: Promise<void> | null = null;

/** What a successful request answers. */
type Result = Extract<Response, { ok: true }>["result"];

/** Runs one request; every request but `init` and `crash` waits for the wasm first. */
async function answer(req: Request): Promise<Result> {
  if (req.type === "init") {
    ready = loadMoku(req.wasmUrl).catch((e: unknown) => {
      throw new Error(`could not load the engine from ${req.wasmUrl}: ${e instanceof Error ? e.message : String(e)}`);
    });
    await ready;
    return null;
  }
  if (req.type === "crash") {
    // Thrown outside the request's promise: the worker's error event, as a trap in wasm raises it.
    setTimeout(() => {
      throw new Error("the engine worker was stopped on purpose (a test)");
    });
    return null;
  }
  await ready;
  switch (req.type) {
    case "analyze":
      return analyze(req.position, req.after, req.options);
    case "genmove":
      return genmove(req.position, req.options);
    case "whyNot":
      return whyNot(req.position, req.vertex, req.options);
    case "memory":
      return wasmMemoryBytes();
    case "reviewMove":
      return reviewMove(req.position, req.played, req.options);
    case "estimate":
      return estimate(req.position, req.options);
    case "selfCheck":
      return selfCheck(req.position, req.options);
  }
}

async function handle(req: Request): Promise<Response> {
  try {
    return { id: req.id, ok: true, result: await answer(req) };
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      // A trap leaves the wasm instance unusable: answer, then die, so that
      // EngineWorker starts a fresh one for the next request.
      setTimeout(() => {
        throw e;
      });
    }
    const errorClass = e instanceof TypeError ? "TypeError" : e instanceof RangeError ? "RangeError" : "Error";
    return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e), errorClass };
  }
}

// Requests are answered in order, one at a time.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (e) => {
  queue = queue.then(async () => scope.postMessage(await handle(e.data)));
};
