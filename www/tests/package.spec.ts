// The npm package as a site installs it (npm pack, installed into a
// throwaway app, built with Vite, served), and the single-file build as a
// site loads it from another origin (a CDN): in both, a board draws an
// overlay and moku answers a move.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { clickVertex, expect, test } from "./helpers.js";
import { serveStatic } from "./static-server.js";

const www = join(import.meta.dirname, "..");

/** Plays E5 for Black on the 9x9 board `#board` and expects moku's answer for White, and the legal-move overlay. */
async function boardPlaysAndAnalyses(page: Page): Promise<void> {
  const board = page.locator("#board");
  const svg = board.locator("svg.goban");
  await expect(svg).toHaveAttribute("data-size", "9", { timeout: 15_000 });
  // The overlay comes from the analysis in the engine worker.
  await expect(board).toHaveAttribute("data-analysed-move", "0", { timeout: 15_000 });
  await expect(svg.locator("g.overlay-legal circle")).toHaveCount(81);
  await clickVertex(page, svg, 4, 4);
  await expect(board).toHaveAttribute("data-move-number", "2", { timeout: 20_000 });
  const white = await svg.locator('g.stones circle[data-color="white"]').count();
  expect(white).toBe(1);
  await expect(board.locator(".caption")).toContainText("moku played");
  await expect(board).toHaveAttribute("data-analysed-move", "2", { timeout: 15_000 });
}

test("npm pack, installed in a new app and built with Vite: the board draws an overlay and moku answers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "moku-consumer-"));
  try {
    execFileSync("npm", ["pack", join(www, "pkg"), "--pack-destination", dir, "--silent"], { stdio: "pipe" });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    const app = join(dir, "app");
    mkdirSync(app);
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: { moku: `file:../${tarball}` } }),
    );
    // The tarball has no dependencies: installing it needs no network.
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent"], { cwd: app, stdio: "pipe" });
    writeFileSync(
      join(app, "index.html"),
      `<!doctype html><meta charset="utf-8"><title>consumer</title>
<script type="module" src="./main.js"></script>
<go-board id="board" size="9" komi="7" rules="chinese" engine="white" level="1" overlays="legal"></go-board>`,
    );
    // The three entry points, each as a site imports it.
    writeFileSync(
      join(app, "main.js"),
      `import { version } from "moku";
import { GoBoardElement } from "moku/board";
import { EngineWorker } from "moku/worker";
document.documentElement.dataset.mokuExports = [typeof version, typeof GoBoardElement, typeof EngineWorker].join(",");`,
    );
    execFileSync(
      process.execPath,
      [join(www, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"],
      {
        cwd: app,
        stdio: "pipe",
      },
    );
    const server = await serveStatic(join(app, "dist"), { cors: false });
    try {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(server.url);
      await expect(page.locator("html")).toHaveAttribute("data-moku-exports", "function,function,function");
      await boardPlaysAndAnalyses(page);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the single-file build from another origin: the worker starts from a Blob, the board analyses and moku answers", async ({
  page,
}) => {
  // The package as a CDN serves it, on 127.0.0.2; the site on 127.0.0.1: two origins. (Both are
  // real servers: a page the test would fulfil itself has no address, and the browser then
  // refuses it any loopback request.)
  const cdn = await serveStatic(join(www, "pkg"), { cors: true, host: "127.0.0.2" });
  const dir = mkdtempSync(join(tmpdir(), "moku-site-"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>cross-origin</title>
<script>window.MOKU_WASM_URL = "${cdn.url}moku_bg.wasm";</script>
<script type="module" src="${cdn.url}moku-board.single.js"></script>
<go-board id="board" size="9" komi="7" rules="chinese" engine="white" level="1" overlays="legal"></go-board>`,
  );
  const site = await serveStatic(dir, { cors: false });
  try {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await page.goto(site.url);
    await boardPlaysAndAnalyses(page);
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every((u) => u.startsWith("blob:http://127.0.0.1:"))).toBe(true);
  } finally {
    await site.close();
    await cdn.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
