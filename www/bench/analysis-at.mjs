// One position's analysis timed inside wasm, in Node, through the real JS
// API (www/pkg): the record's position after move MOVE (default 150), as
// the page reads it when a person jumps there from the start of the
// record (the analysis of move 1 first, then this one, in a new module).
// Prints the milliseconds of `game.analyze()` at MOVE; run it several
// times, alternating builds, to compare them.
//
//   node www/bench/analysis-at.mjs FILE.sgf [MOVE]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import * as moku from "../pkg/moku.js";

const [file, moveArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node www/bench/analysis-at.mjs FILE.sgf [MOVE]");
  process.exit(2);
}
const move = Number(moveArg ?? 150);
moku.initSync({ module: readFileSync(join(import.meta.dirname, "..", "pkg", "moku_bg.wasm")) });
const game = moku.Game.fromSgf(readFileSync(file, "utf8"));
game.goToMove(1);
game.analyze();
game.goToMove(move);
const t0 = performance.now();
game.analyze();
console.log(`move ${move}: ${(performance.now() - t0).toFixed(0)} ms`);
