// The benchmark page (bench.html): Game.play + board() calls per second
// from JS. bench/run.mjs opens it in headless chromium and prints the
// figure; it also shows in the page.

import { Game, type Vertex } from "../pkg/moku.js";
import { loadMoku } from "./wasm.js";

/** The figures of one run. */
export interface BenchResult {
  /** Game.play + board() pairs per second. */
  playsPerSecond: number;
  /** Moves in the replayed game. */
  moves: number;
  /** Games replayed. */
  games: number;
  /** Total milliseconds measured. */
  ms: number;
}

/** A deterministic pseudo-random 19x19 game of legal moves (xorshift choices among the legal points). */
function makeGame(moves: number): Vertex[] {
  const g = new Game({ size: 19, rules: "chinese" });
  let s = 0x2545f491;
  const out: Vertex[] = [];
  while (out.length < moves) {
    const legal = g.legalMoves();
    if (legal.length === 0) break;
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    const v = legal[(s >>> 0) % legal.length];
    if (!v) break;
    g.play(v);
    out.push(v);
  }
  g.free();
  return out;
}

/** Replays a 200-move game, calling board() after every move, for at least `minMs`. */
export function run(minMs = 1500): BenchResult {
  const moves = makeGame(200);
  let games = 0;
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    const g = new Game({ size: 19, rules: "chinese" });
    for (const v of moves) {
      g.play(v);
      g.board();
      calls++;
    }
    g.free();
    games++;
    t = performance.now();
  }
  const ms = t - t0;
  return { playsPerSecond: Math.round((calls / ms) * 1000), moves: moves.length, games, ms: Math.round(ms) };
}

async function main(): Promise<void> {
  await loadMoku();
  const out = document.getElementById("result");
  if (out) out.textContent = "running...";
  await new Promise((r) => setTimeout(r, 50));
  const r = run();
  if (out) out.textContent = `${r.playsPerSecond.toLocaleString("en")} Game.play + board() calls per second (${r.games} replays of a ${r.moves}-move 19x19 game in ${r.ms} ms)`;
  (window as unknown as { mokuBench: BenchResult }).mokuBench = r;
}

void main();
