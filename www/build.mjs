// Bundles the page, the engine worker, <go-board> and the benchmark page
// into dist/ with esbuild (type-checking is `tsc --noEmit`, run by
// scripts/build-web.sh). Each bundle includes the wasm-bindgen glue from
// pkg/; the .wasm itself is fetched at run time from a URL the code
// computes from its own module URL.
import { build } from "esbuild";

await build({
  entryPoints: {
    app: "src/page/app.ts",
    "engine-worker": "src/engine/engine-worker.ts",
    "moku-board": "src/element/moku-board.ts",
    // EngineWorker as a module of its own, for sites that bring their own board.
    engine: "src/engine/engine.ts",
    bench: "src/bench/bench.ts",
  },
  outdir: "dist",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  logLevel: "warning",
});
