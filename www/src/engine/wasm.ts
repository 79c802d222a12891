// Loads the wasm module once per realm (page or worker), from an explicit
// URL: bundles and pages in other folders must not guess where it is.

import init from "../../pkg/moku.js";

let loading: Promise<void> | null = null;
let memory: WebAssembly.Memory | null = null;

/** The default wasm URL: `../pkg/moku_bg.wasm` beside this bundle's folder (`dist/`). */
export function defaultWasmUrl(): URL {
  return new URL("../pkg/moku_bg.wasm", import.meta.url);
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
