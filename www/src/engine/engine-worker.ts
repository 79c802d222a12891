// The engine worker: runs the wasm off the page's thread and answers
// EngineWorker's requests one at a time.

import { analyze, estimate, genmove, reviewMove, whyNot } from "../../pkg/moku.js";
import { loadMoku, wasmMemoryBytes } from "./wasm.js";
import type { Request, Response } from "./protocol.js";

/** The parts of the worker scope this file uses (the DOM lib types `self` as a Window). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(message: Response): void;
}
const scope = globalThis as unknown as WorkerScope;

let ready: Promise<void> | null = null;

async function handle(req: Request): Promise<Response> {
  try {
    switch (req.type) {
      case "init":
        ready = loadMoku(req.wasmUrl).catch((e: unknown) => {
          throw new Error(
            `could not load the engine from ${req.wasmUrl}: ${e instanceof Error ? e.message : String(e)}`,
          );
        });
        await ready;
        return { id: req.id, ok: true, result: null };
      case "analyze":
        await ready;
        return { id: req.id, ok: true, result: analyze(req.position, req.after, req.options) };
      case "genmove":
        await ready;
        return { id: req.id, ok: true, result: genmove(req.position, req.options) };
      case "whyNot":
        await ready;
        return { id: req.id, ok: true, result: whyNot(req.position, req.vertex, req.options) };
      case "memory":
        await ready;
        return { id: req.id, ok: true, result: wasmMemoryBytes() };
      case "crash":
        // Thrown outside the request's promise: the worker's error event, as a trap in wasm raises it.
        setTimeout(() => {
          throw new Error("the engine worker was stopped on purpose (a test)");
        });
        return { id: req.id, ok: true, result: null };
      case "reviewMove":
        await ready;
        return { id: req.id, ok: true, result: reviewMove(req.position, req.played, req.options) };
      case "estimate":
        await ready;
        return { id: req.id, ok: true, result: estimate(req.position, req.options) };
    }
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
