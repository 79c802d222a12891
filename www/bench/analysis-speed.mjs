// The page's analysis (life and death of every group, then every
// evaluator, returned as the JS object the page draws) timed inside wasm
// on every position of whole 19x19 records, through the real JS API
// (www/pkg), in Node. The native twin is examples/analysis_speed.rs;
// scripts/bench-status.sh runs both beside GNU Go 3.8.
//
//   node www/bench/analysis-speed.mjs FILE.sgf ...
//
// - "after one move": each record stepped from its start to its end,
//   every position analysed right after the one before it (the arrow key
//   through a record, or a game in progress);
// - "new position": every position of every record in a shuffled order
//   (fixed seed), so that no position's analysis follows its
//   predecessor's. The module's analysis cache is keyed by the whole
//   position, so none of these is answered from it; but the endgame
//   regions valued, and the dragons read (the status cache keys a dragon
//   by its neighbourhood), for other positions of the same record are
//   reused, as on a page that jumps around one record, which an analyzer
//   that has seen nothing (the native figure) cannot.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import * as moku from "../pkg/moku.js";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node www/bench/analysis-speed.mjs FILE.sgf ...");
  process.exit(2);
}
moku.initSync({ module: readFileSync(join(import.meta.dirname, "..", "pkg", "moku_bg.wasm")) });

/** Milliseconds one `game.analyze()` takes. */
function timeAnalyze(game) {
  const t0 = performance.now();
  game.analyze();
  return performance.now() - t0;
}

/** Median, 95th percentile (nearest rank) and maximum. */
function summary(ms) {
  const v = [...ms].sort((a, b) => a - b);
  const rank = (q) => v[Math.min(v.length, Math.max(1, Math.ceil(q * v.length))) - 1];
  return [rank(0.5), rank(0.95), v[v.length - 1]].map((x) => x.toFixed(1));
}

function report(name, positions, fresh, step) {
  const [n50, n95, nMax] = summary(fresh);
  const [s50, s95, sMax] = summary(step);
  console.log(
    `${name}: ${positions} positions; new position median ${n50} ms, p95 ${n95} ms, max ${nMax} ms; ` +
      `after one move median ${s50} ms, p95 ${s95} ms, max ${sMax} ms`,
  );
}

// A small fixed-seed generator (xorshift32), so every run shuffles alike.
let seed = 2463534242;
function random() {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed / 4294967296;
}

const records = files.map((file) => {
  const game = moku.Game.fromSgf(readFileSync(file, "utf8"));
  game.last();
  return { file, game, moves: game.moveNumber };
});

// Each pass runs in a module of its own (a child process): the analysis
// cache one pass fills would answer the other.
const pass = process.env.MOKU_ANALYSIS_PASS;
if (pass === "step") {
  const out = {};
  for (const r of records) {
    r.game.goToMove(0);
    const ms = [timeAnalyze(r.game)];
    while (r.game.next()) ms.push(timeAnalyze(r.game));
    out[r.file] = ms;
  }
  console.log(JSON.stringify(out));
} else if (pass === "new") {
  const order = records.flatMap((r) => Array.from({ length: r.moves + 1 }, (_, k) => [r, k]));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out = Object.fromEntries(records.map((r) => [r.file, []]));
  for (const [r, k] of order) {
    r.game.goToMove(k);
    out[r.file].push(timeAnalyze(r.game));
  }
  console.log(JSON.stringify(out));
} else {
  const run = (p) =>
    JSON.parse(
      execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...files], {
        env: { ...process.env, MOKU_ANALYSIS_PASS: p },
        encoding: "utf8",
        maxBuffer: 1 << 26,
      }),
    );
  const fresh = run("new");
  const step = run("step");
  for (const r of records) report(r.file, r.moves + 1, fresh[r.file], step[r.file]);
  report(
    "all records",
    records.reduce((n, r) => n + r.moves + 1, 0),
    Object.values(fresh).flat(),
    Object.values(step).flat(),
  );
}
