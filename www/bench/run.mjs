// Prints the web figures of docs/performance.md (run by scripts/bench-web.sh after a
// release build):
//   - the wasm size, raw and gzipped (gzip -9);
//   - the time to the first board drawn on a cold load of the demo page in
//     headless chromium from 127.0.0.1 (a new browser each time, so no
//     cache; the page's performance mark "moku-first-board", which is set
//     after the wasm is loaded and the board drawn; median of 7);
//   - Game.play + board() calls per second from JS, and the cost of the
//     analysis (analyzeAfter, the hover preview) at move 150 of GNU Go's
//     strategy26.sgf (bench.html);
//   - the thermography inside wasm at move 230 of the same game: every
//     region with an empty cache, and after one move with a warm cache;
//   - the engine's move at the page's default level (6) on 19x19, as the
//     page asks for it and without its time cap;
//   - the review of a 250-move 19x19 record at the page's review level.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { launchOptions } from "../chromium.mjs";

const www = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.MOKU_BENCH_PORT ?? 8766);
const base = `http://127.0.0.1:${port}/`;

const wasm = readFileSync(join(www, "pkg", "moku_bg.wasm"));
const gz = gzipSync(wasm, { level: 9 });

const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", www], {
  stdio: "ignore",
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}index.html`)).ok) break;
    } catch {
      if (i > 50) throw new Error("the http server did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const samples = [];
  for (let i = 0; i < 7; i++) {
    const browser = await chromium.launch(launchOptions);
    const page = await browser.newPage();
    await page.goto(`${base}index.html`);
    await page.waitForSelector("html[data-ready]");
    samples.push(await page.evaluate(() => performance.getEntriesByName("moku-first-board")[0]?.startTime ?? NaN));
    await browser.close();
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];

  const browser = await chromium.launch(launchOptions);
  const page = await browser.newPage();
  // The record the figures are taken on, from the crate's test data (the page fetches bench-record.sgf).
  const record = readFileSync(join(www, "..", "tests", "data", "gnugo-regression", "games", "strategy26.sgf"));
  await page.route("**/bench-record.sgf", (route) => route.fulfill({ contentType: "text/plain", body: record }));
  await page.goto(`${base}bench.html?engine`);
  await page.waitForFunction(() => "mokuBench" in window, null, { timeout: 300_000 });
  const r = await page.evaluate(() => window.mokuBench);
  await browser.close();

  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `wasm size:           ${wasm.length} bytes (${kb(wasm.length)}), gzipped ${gz.length} bytes (${kb(gz.length)})`,
  );
  console.log(
    `first board drawn:   ${median.toFixed(0)} ms median of ${samples.length} cold loads (${samples.map((s) => s.toFixed(0)).join(", ")})`,
  );
  console.log(
    `Game.play + board(): ${r.playsPerSecond.toLocaleString("en")} calls per second (${r.games} replays of a ${r.moves}-move 19x19 game in ${r.ms} ms)`,
  );
  console.log(
    `analyzeAfter(v):     ${r.analyzeAfterMs.toFixed(3)} ms mean per call at move 150 of strategy26.sgf (hover preview: play, full analysis, JS object)`,
  );
  console.log(`analyze(), cached:   ${r.analyzeCachedMs.toFixed(3)} ms mean per call`);
  console.log(
    `thermography:        ${r.thermoMs.cold.toFixed(3)} ms with an empty cache, ${r.thermoMs.afterMove.toFixed(3)} ms after one move (warm cache), inside wasm at move 230 of strategy26.sgf`,
  );
  console.log(
    `inside wasm:         Handtalk analysis ${r.engineMs.handtalk.toFixed(3)} ms, potential + watershed ${r.engineMs.moyo.toFixed(3)} ms, full analysis ${r.engineMs.full.toFixed(3)} ms, full analysis + score estimate ${r.engineMs.score.toFixed(3)} ms, full analysis under the read statuses ${r.engineMs.read.toFixed(3)} ms (move 150 of strategy26.sgf, mean of 500); the playouts' second opinion ${r.engineMs.ownership.toFixed(1)} ms (mean of 10)`,
  );
  const g = r.genmove;
  const ms = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
  console.log(
    `genmove, level 6:    ${ms(g.cappedMs)} ms as the page asks (one-second cap; ${g.cappedPlayouts.join(", ")} playouts), ${ms(g.uncappedMs)} ms for the level's full 2,000 playouts, 19x19 at moves ${g.moves.join(", ")} of strategy26.sgf (classic valuation included)`,
  );
  console.log(
    `review, level 1:     ${(r.reviewMs / 1000).toFixed(1)} s for the first 250 moves of strategy26.sgf (19x19), move by move as the page's worker runs it`,
  );
} finally {
  server.kill();
}
