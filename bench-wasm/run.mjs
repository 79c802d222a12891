// Times playouts and tree-search simulations inside wasm (Node) beside the
// same work natively, alternating the two, and prints microseconds per
// playout and the wasm/native ratio, of the wall clock and of the thread's
// CPU time (Linux's /proc/thread-self/schedstat; on a loaded machine the
// wall clock also counts the time other programs held the core, the CPU
// time does not, so its ratio is the one to compare builds by). Run by
// scripts/bench-playouts.sh:
//
//   node bench-wasm/run.mjs PKG_DIR NATIVE_PLAYOUT_SPEED NATIVE_SEARCH_SPEED [ROUNDS]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
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

// Nanoseconds this thread has run on a CPU, or null without the file.
function threadCpuNs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

// { wall, cpu } in microseconds per playout (cpu null where unknown).
function wasmMicros(size, n, kind) {
  const c0 = threadCpuNs();
  const t0 = performance.now();
  if (kind === "search") wasm.search(size, n);
  else wasm.playouts(size, n, kind === "heavy");
  const wall = ((performance.now() - t0) * 1000) / n;
  const c1 = threadCpuNs();
  return { wall, cpu: c0 === null || c1 === null ? null : (c1 - c0) / 1000 / n };
}

function nativeMicros(size, n, kind) {
  const out =
    kind === "search"
      ? execFileSync(nativeSearch, [String(size), String(n)], { encoding: "utf8" })
      : execFileSync(nativePlayouts, [String(size), String(n), kind], { encoding: "utf8" });
  const rate = Number(/= (\d+) playouts\/s/.exec(out)[1]);
  const cpu = /cpu ([\d.]+) µs\/playout/.exec(out);
  return { wall: 1e6 / rate, cpu: cpu ? Number(cpu[1]) : null };
}

const range = (xs) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;
const ratio = (a, b) => (Math.min(...a) / Math.min(...b)).toFixed(2);
console.log(
  "what | native µs/playout (wall) | wasm µs/playout (wall) | wasm/native, wall (best of each)" +
    " | native µs/playout (CPU) | wasm µs/playout (CPU) | wasm/native, CPU (best of each)",
);
for (const [label, size, n, kind] of cases) {
  const native = [];
  const inWasm = [];
  for (let r = 0; r < rounds; r++) {
    native.push(nativeMicros(size, n, kind));
    inWasm.push(wasmMicros(size, n, kind));
  }
  const wall = (xs) => xs.map((x) => x.wall);
  const cpu = (xs) => xs.map((x) => x.cpu);
  let line = `${label} | ${range(wall(native))} | ${range(wall(inWasm))} | ${ratio(wall(inWasm), wall(native))}`;
  if (native.every((x) => x.cpu !== null) && inWasm.every((x) => x.cpu !== null)) {
    line += ` | ${range(cpu(native))} | ${range(cpu(inWasm))} | ${ratio(cpu(inWasm), cpu(native))}`;
  }
  console.log(line);
}
