// The benchmark page (bench.html): Game.play + board() calls per second
// from JS. bench/run.mjs opens it in headless chromium and prints the
// figure; it also shows in the page.

import { Game, benchAnalysis as benchEngineLayer, genmove, reviewMove, type Vertex } from "../../pkg/moku.js";
import { reviewSteps } from "../page/review.js";
import { loadMoku } from "../engine/wasm.js";

/**
 * The record the figures are taken on: GNU Go's regression game
 * strategy26.sgf, as the native analysis benchmark uses it
 * (benches/analysis.rs). The page fetches it from the URL of its `record`
 * parameter (default `bench-record.sgf`, which bench/run.mjs serves from
 * the crate's test data), so the bundle holds none of the test data.
 */
let STRATEGY26 = "";

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
  /** Mean milliseconds of one `analyzeAfter(vertex)` (the hover preview: play, full analysis, JS object) at move 150 of strategy26.sgf, each on a new position. */
  analyzeAfterMs: number;
  /** Mean milliseconds of `analyze()` of a position already analysed (the cache). */
  analyzeCachedMs: number;
  /** Mean milliseconds of the engine's own analyses inside wasm at move 150 of strategy26.sgf (no JS objects built). */
  engineMs: { handtalk: number; moyo: number; full: number; score: number; read: number; ownership: number };
  /** Milliseconds of the thermography inside wasm at move 230 of strategy26.sgf (statuses read beforehand): every region with an empty cache, and after one move with a warm cache. */
  thermoMs: { cold: number; afterMove: number };
  /** One 19x19 `genmove` at the page's default level (6) at moves 30, 100, 150 and 200 of strategy26.sgf: as the page asks (the level's one-second cap) and without a cap (the level's 2,000 playouts whatever the time). */
  genmove: { moves: number[]; cappedMs: number[]; cappedPlayouts: number[]; uncappedMs: number[] } | null;
  /** The review of the first 250 moves of strategy26.sgf at the page's review level (1), as the worker runs it: total milliseconds. */
  reviewMs: number | null;
}

/** The review of a 250-move 19x19 record, move by move as the page's worker does it. */
function benchReview(): number {
  const g = Game.fromSgf(STRATEGY26);
  g.goToMove(250);
  const steps = reviewSteps(g.position());
  g.free();
  const t0 = performance.now();
  for (const s of steps) reviewMove(s.position, s.played, { level: 1 });
  return performance.now() - t0;
}

/** The moves of strategy26.sgf the engine's move is timed at. */
export const GENMOVE_MOVES = [30, 100, 150, 200];

/** The engine's move as the page asks for it, timed (issue: at most 1 s per 19x19 move at the default level). */
function benchGenmove(): { moves: number[]; cappedMs: number[]; cappedPlayouts: number[]; uncappedMs: number[] } {
  const out = {
    moves: GENMOVE_MOVES,
    cappedMs: [] as number[],
    cappedPlayouts: [] as number[],
    uncappedMs: [] as number[],
  };
  const g = Game.fromSgf(STRATEGY26);
  for (const n of GENMOVE_MOVES) {
    g.goToMove(n);
    const position = g.position();
    let t0 = performance.now();
    const r = genmove(position, { level: 6, seed: n });
    out.cappedMs.push(performance.now() - t0);
    out.cappedPlayouts.push(r.search?.playouts ?? 0);
    t0 = performance.now();
    genmove(position, { level: 6, seed: n + 1, timeMs: 600_000 });
    out.uncappedMs.push(performance.now() - t0);
  }
  g.free();
  return out;
}

/** The position the thermography is timed on: before move 231 of strategy26.sgf (move 230 played, the endgame). */
export const THERMO_MOVE = 231;

/** The thermography inside wasm: all regions from an empty cache, and after one move with the cache warm (targets: 10 ms and 1 ms). */
function benchThermo(): { cold: number; afterMove: number } {
  const time = (phase: "cold" | "after" | "clone", n: number): number => {
    benchEngineLayer(STRATEGY26, THERMO_MOVE, `thermo-${phase}`, 1); // reads the statuses once, warms up
    const t0 = performance.now();
    benchEngineLayer(STRATEGY26, THERMO_MOVE, `thermo-${phase}`, n);
    return (performance.now() - t0) / n;
  };
  const cold = time("cold", 20);
  // "after" copies the warm cache each time: subtract the copy.
  const afterMove = Math.max(0, time("after", 50) - time("clone", 50));
  return { cold, afterMove };
}

/** The evaluators themselves, timed inside wasm (issues 4 and 5: under 0.3 ms each). */
function benchEngine(): BenchResult["engineMs"] {
  // The playouts take tens of milliseconds, the static layers microseconds: fewer runs of the former.
  const time = (layer: "handtalk" | "moyo" | "full" | "score" | "read" | "ownership", n = 500): number => {
    benchEngineLayer(STRATEGY26, 151, layer, Math.min(n, 20)); // warm up
    const t0 = performance.now();
    benchEngineLayer(STRATEGY26, 151, layer, n);
    return (performance.now() - t0) / n;
  };
  return {
    handtalk: time("handtalk"),
    moyo: time("moyo"),
    full: time("full"),
    score: time("score"),
    read: time("read"),
    ownership: time("ownership", 10),
  };
}

/** The hover preview's cost: analyzeAfter on every legal point of move 150 of a real game. */
function benchAnalysis(): { analyzeAfterMs: number; analyzeCachedMs: number } {
  const g = Game.fromSgf(STRATEGY26);
  g.goToMove(150);
  const legal = g.legalMoves();
  g.analyze();
  let t0 = performance.now();
  for (const v of legal) g.analyzeAfter(v);
  const analyzeAfterMs = (performance.now() - t0) / legal.length;
  t0 = performance.now();
  for (let i = 0; i < 200; i++) g.analyze();
  const analyzeCachedMs = (performance.now() - t0) / 200;
  g.free();
  return { analyzeAfterMs, analyzeCachedMs };
}

/** A deterministic pseudo-random 19x19 game of legal moves (xorshift choices among the legal points). */
function makeGame(moves: number): Vertex[] {
  const g = new Game({ size: 19, rules: "chinese" });
  let s = 0x2545f491;
  const out: Vertex[] = [];
  while (out.length < moves) {
    const legal = g.legalMoves();
    if (legal.length === 0) break;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const v = legal[(s >>> 0) % legal.length];
    if (!v) break;
    g.play(v);
    out.push(v);
  }
  g.free();
  return out;
}

/** Replays a 200-move game, calling board() after every move, for at least `minMs`. */
export function run(minMs = 1500, engine = false): BenchResult {
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
  return {
    playsPerSecond: Math.round((calls / ms) * 1000),
    moves: moves.length,
    games,
    ms: Math.round(ms),
    ...benchAnalysis(),
    engineMs: benchEngine(),
    thermoMs: benchThermo(),
    genmove: engine ? benchGenmove() : null,
    reviewMs: engine ? benchReview() : null,
  };
}

async function main(): Promise<void> {
  await loadMoku();
  const out = document.getElementById("result");
  const params = new URLSearchParams(location.search);
  const recordUrl = new URL(params.get("record") ?? "bench-record.sgf", location.href);
  const res = await fetch(recordUrl);
  if (!res.ok) {
    if (out)
      out.textContent = `could not load the record ${recordUrl.href}: ${res.status} (give its URL as ?record=...)`;
    return;
  }
  STRATEGY26 = await res.text();
  if (out) out.textContent = "running...";
  await new Promise((r) => setTimeout(r, 50));
  // The engine's figures (a minute and more) only when asked: bench.html?engine.
  const r = run(1500, params.has("engine"));
  if (out) {
    out.textContent =
      `${r.playsPerSecond.toLocaleString("en")} Game.play + board() calls per second (${r.games} replays of a ${r.moves}-move 19x19 game in ${r.ms} ms); ` +
      `analyzeAfter (hover preview) ${r.analyzeAfterMs.toFixed(3)} ms, cached analyze() ${r.analyzeCachedMs.toFixed(3)} ms at move 150 of strategy26.sgf; ` +
      `inside wasm: Handtalk ${r.engineMs.handtalk.toFixed(3)} ms, potential + watershed ${r.engineMs.moyo.toFixed(3)} ms, full ${r.engineMs.full.toFixed(3)} ms, full + score ${r.engineMs.score.toFixed(3)} ms, full under read statuses ${r.engineMs.read.toFixed(3)} ms, the playouts' second opinion ${r.engineMs.ownership.toFixed(1)} ms; ` +
      `thermography at move 230: ${r.thermoMs.cold.toFixed(3)} ms (empty cache), ${r.thermoMs.afterMove.toFixed(3)} ms after one move` +
      (r.reviewMs === null ? "" : `; review of 250 moves: ${(r.reviewMs / 1000).toFixed(1)} s`) +
      (r.genmove === null
        ? ""
        : `; genmove level 6 at moves ${r.genmove.moves.join("/")}: ${r.genmove.cappedMs.map((x) => x.toFixed(0)).join("/")} ms as the page asks, ${r.genmove.uncappedMs.map((x) => x.toFixed(0)).join("/")} ms for the full 2,000 playouts`);
  }
  (window as unknown as { mokuBench: BenchResult }).mokuBench = r;
}

void main();
