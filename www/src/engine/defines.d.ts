// Constants build.mjs sets per bundle (esbuild's `define`): where the wasm
// and the worker script lie relative to the bundle that loads them.

/** The wasm's URL relative to the bundle: `"../pkg/moku_bg.wasm"` in dist/, `"./moku_bg.wasm"` in the npm package. */
declare const __MOKU_WASM__: string;
/** The worker script relative to the bundle, or `""` when the bundle is its own worker (the single-file build). */
declare const __MOKU_WORKER__: string;
