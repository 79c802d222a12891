// The browser soak: moku plays itself in the page's engine worker, game
// after game, the way the page plays a person (a Game on the page, each
// move asked of EngineWorker.genmove and played into the Game). It checks
// that no move is illegal, no request fails, and the worker's wasm memory
// at the end is within 10% of what it was after the first ten games (the
// memory only grows, so a leak shows as growth).
//
// In every test run it plays two games (the harness itself is tested).
// The documented long run (figures in docs/robustness.md):
//
//   cd www && SOAK_GAMES=1000 node_modules/.bin/playwright test tests/soak.spec.ts
//
// SOAK_LEVEL (1), SOAK_SIZE (9) and SOAK_TIME_MS (the level's own time
// when unset) change the games; a summary lands in test-output/soak.json.

import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "./helpers.js";

type Moku = typeof import("../pkg/moku.js");
type Engine = typeof import("../src/engine/engine.js");

const GAMES = Number(process.env.SOAK_GAMES ?? 2);
const LEVEL = Number(process.env.SOAK_LEVEL ?? 1);
const SIZE = Number(process.env.SOAK_SIZE ?? 9);
const TIME_MS = process.env.SOAK_TIME_MS ? Number(process.env.SOAK_TIME_MS) : undefined;
/** Games after which the memory is taken as the baseline (fewer games: after the first). */
const BASELINE_GAMES = Math.min(10, GAMES);
/** The memory at the end may exceed the baseline by this fraction (the bound). */
const MEMORY_SLACK = 0.1;

test(`the engine plays ${GAMES} games against itself in the worker with no illegal move, no error and no memory growth`, async ({
  page,
}) => {
  // About 10 s a game at level 1 on 9x9 on a loaded machine, with room to spare.
  test.setTimeout(60_000 + GAMES * 60_000);
  page.on("console", (msg) => {
    if (msg.text().startsWith("soak:")) console.log(msg.text());
  });
  await page.goto("bench.html");
  const r = await page.evaluate(
    async ({ games, level, size, timeMs, baselineGames }) => {
      const m = (await import(new URL("/pkg/moku.js", location.href).href)) as Moku;
      const e = (await import(new URL("/dist/engine.js", location.href).href)) as Engine;
      await m.default({ module_or_path: "/pkg/moku_bg.wasm" });
      const engine = new e.EngineWorker();
      // A game longer than three times the board's points is a bug (the
      // engine passes when nothing is worth a move).
      const maxMoves = 3 * size * size;
      const out = {
        games: 0,
        moves: 0,
        longest: 0,
        illegal: [] as string[],
        errors: [] as string[],
        unfinished: 0,
        wins: { black: 0, white: 0, other: 0 },
        memoryStart: await engine.memoryBytes(),
        memoryBaseline: 0,
        memoryEnd: 0,
        slowestMs: 0,
        seconds: 0,
      };
      const t0 = performance.now();
      for (let i = 0; i < games; i++) {
        const g = new m.Game({ size, komi: 7, rules: "chinese" });
        let n = 0;
        while (!g.isOver && n < maxMoves) {
          const options = timeMs === undefined ? { level, seed: i + 1 } : { level, seed: i + 1, timeMs };
          const asked = performance.now();
          let answer: Awaited<ReturnType<typeof engine.genmove>>;
          try {
            answer = await engine.genmove(g.position(), options);
          } catch (err) {
            out.errors.push(`game ${i + 1}, move ${n + 1}: ${err instanceof Error ? err.message : String(err)}`);
            break;
          }
          out.slowestMs = Math.max(out.slowestMs, performance.now() - asked);
          try {
            if (answer.move === "resign") g.resign();
            else g.play(answer.move);
          } catch (err) {
            out.illegal.push(
              `game ${i + 1}, move ${n + 1} (${answer.move}): ${err instanceof Error ? err.message : String(err)}`,
            );
            break;
          }
          n++;
        }
        if (!g.isOver) out.unfinished++;
        else {
          const s = g.score();
          if (s.margin > 0) out.wins.black++;
          else if (s.margin < 0) out.wins.white++;
          else out.wins.other++;
        }
        out.games++;
        out.moves += n;
        out.longest = Math.max(out.longest, n);
        g.free();
        if (i + 1 === baselineGames) out.memoryBaseline = await engine.memoryBytes();
        if ((i + 1) % 50 === 0) {
          console.log(
            `soak: ${i + 1} games, ${out.moves} moves, ${((performance.now() - t0) / 1000).toFixed(0)} s, memory ${await engine.memoryBytes()} bytes`,
          );
        }
      }
      out.memoryEnd = await engine.memoryBytes();
      out.seconds = (performance.now() - t0) / 1000;
      return out;
    },
    { games: GAMES, level: LEVEL, size: SIZE, timeMs: TIME_MS, baselineGames: BASELINE_GAMES },
  );
  mkdirSync("test-output", { recursive: true });
  writeFileSync(
    "test-output/soak.json",
    `${JSON.stringify({ level: LEVEL, size: SIZE, timeMs: TIME_MS ?? null, ...r }, null, 2)}\n`,
  );
  console.log(`soak: ${JSON.stringify(r)}`);
  expect(r.illegal).toEqual([]);
  expect(r.errors).toEqual([]);
  expect(r.games).toBe(GAMES);
  expect(r.unfinished).toBe(0);
  expect(r.memoryBaseline).toBeGreaterThan(0);
  expect(r.memoryEnd).toBeLessThanOrEqual(r.memoryBaseline * (1 + MEMORY_SLACK));
});
