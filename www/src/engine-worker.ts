// The engine worker: runs the wasm off the page's thread and answers
// EngineWorker's requests one at a time.

import { analyze } from "../pkg/moku.js";
import { loadMoku } from "./wasm.js";
import type { Request, Response } from "./protocol.js";

/** The parts of the worker scope this file uses (the DOM lib types `self` as a Window). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(message: Response): void;
}
const scope = globalThis as unknown as WorkerScope;

/** The message of the genmove rejection until the engine issue lands. */
export const NO_ENGINE = "moku has no engine yet, so it cannot choose a move: play both sides yourself";

let ready: Promise<void> | null = null;

async function handle(req: Request): Promise<Response> {
  try {
    switch (req.type) {
      case "init":
        ready = loadMoku(req.wasmUrl).catch((e: unknown) => {
          throw new Error(`could not load the engine from ${req.wasmUrl}: ${e instanceof Error ? e.message : String(e)}`);
        });
        await ready;
        return { id: req.id, ok: true, result: null };
      case "analyze":
        await ready;
        return { id: req.id, ok: true, result: analyze(req.position, req.after, req.options) };
      case "genmove":
        await ready;
        return { id: req.id, ok: false, error: NO_ENGINE };
    }
  } catch (e) {
    return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

// Requests are answered in order, one at a time.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (e) => {
  queue = queue.then(async () => scope.postMessage(await handle(e.data)));
};
