// Runs the TypeScript unit tests (src/**/*.test.ts, beside the code they
// test) with node's built-in test runner: esbuild bundles each test file
// (with what it imports, the wasm-bindgen glue included; no wasm is loaded)
// into unit-output/, then `node --test` runs them. No test framework to
// install: node 20 has the runner, esbuild is already the bundler.
//
//   node unit.mjs        (npm run test:unit; scripts/test-web.sh runs it)
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const here = import.meta.dirname;
const out = join(here, "unit-output");

/** Every `*.test.ts` below `dir`. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith(".test.ts") ? [path] : [];
  });
}

const entries = testFiles(join(here, "src"));
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: out,
  outbase: join(here, "src"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
const compiled = entries.map((e) => join(out, relative(join(here, "src"), e)).replace(/\.ts$/, ".mjs"));
const run = spawnSync(process.execPath, ["--test", ...compiled], { stdio: "inherit" });
process.exit(run.status ?? 1);
