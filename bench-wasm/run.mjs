// Times playouts and tree-search simulations inside wasm (Node) beside the
// same work natively, alternating the two, and prints microseconds per
// playout and the wasm/native ratio. Run by scripts/bench-playouts.sh:
//
//   node bench-wasm/run.mjs PKG_DIR NATIVE_PLAYOUT_SPEED NATIVE_SEARCH_SPEED [ROUNDS]
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import path from "node:path";

const [pkgDir, nativePlayouts, nativeSearch, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(pkgDir, "moku_bench_wasm.js"));

// [label, size, playouts, kind]: light and heavy playouts, tree search.
const cases = [
  ["light playouts 9x9", 9, 20000, "light"],
  ["light playouts 19x19", 19, 4000, "light"],
  ["heavy playouts 9x9", 9, 10000, "heavy"],
  ["heavy playouts 19x19", 19, 2000, "heavy"],
  ["tree search 9x9", 9, 10000, "search"],
  ["tree search 19x19", 19, 2000, "search"],
];

function wasmMicros(size, n, kind) {
  const t0 = performance.now();
  if (kind === "search") wasm.search(size, n);
  else wasm.playouts(size, n, kind === "heavy");
  return ((performance.now() - t0) * 1000) / n;
}

function nativeMicros(size, n, kind) {
  const out =
    kind === "search"
      ? execFileSync(nativeSearch, [String(size), String(n)], { encoding: "utf8" })
      : execFileSync(nativePlayouts, [String(size), String(n), kind], { encoding: "utf8" });
  const rate = Number(/= (\d+) playouts\/s/.exec(out)[1]);
  return 1e6 / rate;
}

const range = (xs) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;
console.log("what | native µs/playout | wasm µs/playout | wasm/native (best of each)");
for (const [label, size, n, kind] of cases) {
  const native = [];
  const inWasm = [];
  for (let r = 0; r < rounds; r++) {
    native.push(nativeMicros(size, n, kind));
    inWasm.push(wasmMicros(size, n, kind));
  }
  const ratio = Math.min(...inWasm) / Math.min(...native);
  console.log(`${label} | ${range(native)} | ${range(inWasm)} | ${ratio.toFixed(2)}`);
}
