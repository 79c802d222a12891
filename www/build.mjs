// Bundles with esbuild (type-checking is `tsc --noEmit`, run by
// scripts/build-web.sh):
//   - dist/: the page, the engine worker, <go-board>, EngineWorker and the
//     benchmark page, each with the wasm-bindgen glue from pkg/ inside; the
//     .wasm is fetched at run time from ../pkg/moku_bg.wasm beside them;
//   - pkg/ (the npm package, beside the glue and the wasm): board.js
//     (<go-board>) and engine.js (EngineWorker) importing the package's own
//     moku.js, engine-worker.js (the worker, whole: a bundler may copy it
//     alone), moku-board.single.js (the element and its worker in one file,
//     for a script tag from any origin), and their type declarations in
//     types/.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dirname;
const common = { bundle: true, format: "esm", target: "es2022", logLevel: "warning" };

await build({
  ...common,
  entryPoints: {
    app: "src/page/app.ts",
    "engine-worker": "src/engine/engine-worker.ts",
    "moku-board": "src/element/moku-board.ts",
    // EngineWorker as a module of its own, for sites that bring their own board.
    engine: "src/engine/engine.ts",
    bench: "src/bench/bench.ts",
  },
  outdir: "dist",
  minify: true,
  sourcemap: "linked",
  define: { __MOKU_WASM__: '"../pkg/moku_bg.wasm"', __MOKU_WORKER__: '"./engine-worker.js"' },
});

/** esbuild plugin: the wasm-bindgen glue stays the package's own `./moku.js`, shared by board.js and engine.js. */
const glueOutside = {
  name: "glue-outside",
  setup(b) {
    b.onResolve({ filter: /\/pkg\/moku\.js$/ }, () => ({ path: "./moku.js", external: true }));
  },
};
const inPackage = { __MOKU_WASM__: '"./moku_bg.wasm"', __MOKU_WORKER__: '"./engine-worker.js"' };
await build({
  ...common,
  entryPoints: { board: "src/element/moku-board.ts", engine: "src/engine/engine.ts" },
  outdir: "pkg",
  define: inPackage,
  plugins: [glueOutside],
});
await build({
  ...common,
  entryPoints: { "engine-worker": "src/engine/engine-worker.ts" },
  outdir: "pkg",
  define: inPackage,
});
await build({
  ...common,
  entryPoints: { "moku-board.single": "src/element/single.ts" },
  outdir: "pkg",
  minify: true,
  define: { __MOKU_WASM__: '"./moku_bg.wasm"', __MOKU_WORKER__: '""' },
});

// Type declarations of board.js and engine.js, in pkg/types/ as the sources
// lie in src/; their imports of the generated API point at the package's moku.js.
const types = join(here, "pkg", "types");
rmSync(types, { recursive: true, force: true });
const tsc = spawnSync(join(here, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.types.json"], {
  cwd: here,
  stdio: "inherit",
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
/** Every file below `dir`. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}
for (const f of files(types)) {
  writeFileSync(f, readFileSync(f, "utf8").replaceAll("/pkg/moku.js", "/moku.js"));
}
