// Loads the wasm module once per realm (page or worker), from an explicit
// URL: bundles and pages in other folders must not guess where it is.

import init from "../../pkg/moku.js";

let loading: Promise<void> | null = null;
let memory: WebAssembly.Memory | null = null;

/**
 * The default wasm URL: the page's `MOKU_WASM_URL` when it sets one (a
 * script that runs before this module, for a copy of the wasm elsewhere),
 * else where the build put it beside this bundle (`../pkg/moku_bg.wasm`
 * from `dist/`, `./moku_bg.wasm` in the npm package).
 */
export function defaultWasmUrl(): URL {
  const set = (globalThis as { MOKU_WASM_URL?: string | URL }).MOKU_WASM_URL;
  if (set) return new URL(set, globalThis.location?.href);
  return new URL(__MOKU_WASM__, import.meta.url);
}

/** Initialises the module from `url` (once; later calls share the first load). */
export function loadMoku(url: string | URL = defaultWasmUrl()): Promise<void> {
  loading ??= init({ module_or_path: url }).then((exports) => {
    memory = exports.memory;
  });
  return loading;
}

/** The bytes of the module's linear memory (0 before it is loaded): it only grows, so a leak shows as growth over a long run. */
export function wasmMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}
