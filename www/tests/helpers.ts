// Shared helpers of the browser tests: open the page, click intersections
// by their pixel position, read the stones from the rendered SVG, and a
// screenshot of every test under www/test-output/ (ignored by git).

import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export { expect };

/**
 * The tag of a test that asserts how soon something follows in wall-clock
 * time: scripts/test-web.sh runs these alone, after the others, so that a
 * second worker's load does not slow them.
 */
export const TIMING = { tag: "@timing" };

/**
 * Every test's page raises no uncaught error (a test that opens pages of
 * its own checks them with {@link pageErrors}), and every test leaves a
 * screenshot named after it in test-output/.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a Playwright fixture with no value is typed void, so that use() takes no argument
export const test = base.extend<{ noPageErrors: void; shot: void }>({
  noPageErrors: [
    async ({ page }, use) => {
      const errors = pageErrors(page);
      await use();
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  shot: [
    async ({ page }, use, testInfo) => {
      await use();
      mkdirSync("test-output", { recursive: true });
      const name = testInfo.titlePath
        .slice(1)
        .join(" - ")
        .replace(/[^a-zA-Z0-9-]+/g, "_");
      await page.screenshot({ path: join("test-output", `${name}.png`), fullPage: true });
    },
    { auto: true },
  ],
});

/** Collects the page's uncaught errors in the array returned (each test expects none). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Serves a page of a teacher's own, `examples/embed/<name>.html` (beside
 * the example pages, so `../../dist/moku-board.js` loads the element), with
 * `body` after its doctype, charset and title, and opens it.
 */
export async function openHtml(page: Page, name: string, body: string): Promise<void> {
  const path = `examples/embed/${name}.html`;
  const html = `<!doctype html><meta charset="utf-8"><title>${name}</title>\n${body}`;
  await page.route(`**/${path}`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(path);
}

/** A rendered stone: its vertex name, colour and (x, y) from the top-left. */
export interface Stone {
  vertex: string;
  color: string;
  x: number;
  y: number;
}

/** The stones drawn inside `svg` (ghost stones excluded), sorted by vertex name. */
export async function stonesIn(svg: Locator): Promise<Stone[]> {
  const list = await svg.locator("g.stones circle.stone").evaluateAll((els) =>
    els.map((e) => {
      const d = (e as SVGElement).dataset;
      return { vertex: d.vertex ?? "", color: d.color ?? "", x: Number(d.x), y: Number(d.y) };
    }),
  );
  return list.sort((a, b) => a.vertex.localeCompare(b.vertex));
}

/** The demo page's board. */
export function board(page: Page): Locator {
  return page.locator("#board svg.goban");
}

/**
 * The board's box once it stops moving: other boards on the page that load a
 * record can change the layout after this one is drawn, and a click aimed at
 * the old box would miss.
 */
async function settledBox(svg: Locator): Promise<{ x: number; y: number; width: number; height: number } | null> {
  const frames = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  let box = null;
  for (let i = 0; i < 20; i++) {
    await svg.scrollIntoViewIfNeeded();
    await svg.page().evaluate(frames);
    const now = await svg.boundingBox();
    if (box && now && box.x === now.x && box.y === now.y && box.width === now.width) return now;
    box = now;
  }
  return box;
}

/** The screen position of intersection (x, y) of a board, from its viewBox. */
export async function pixelOf(svg: Locator, x: number, y: number): Promise<{ px: number; py: number }> {
  const box = await settledBox(svg);
  const vb = await svg.getAttribute("viewBox");
  if (!box || !vb) throw new Error("the board is not rendered");
  const [minX = 0, minY = 0, w = 1, h = 1] = vb.split(" ").map(Number);
  return { px: box.x + ((x - minX) / w) * box.width, py: box.y + ((y - minY) / h) * box.height };
}

/** Clicks intersection (x, y) (from the top-left) of a board. */
export async function clickVertex(page: Page, svg: Locator, x: number, y: number): Promise<void> {
  const { px, py } = await pixelOf(svg, x, y);
  await page.mouse.click(px, py);
}

/**
 * Clicks each vertex of `vertices` in turn, by name ("C7 G3 E5": columns
 * A to T without I, rows counted from the bottom as on the board).
 */
export async function clickVertices(page: Page, svg: Locator, vertices: string): Promise<void> {
  const size = Number(await svg.getAttribute("data-size"));
  for (const name of vertices.split(" ")) {
    const x = "ABCDEFGHJKLMNOPQRST".indexOf(name[0] ?? "");
    const y = size - Number(name.slice(1));
    if (x < 0 || x >= size || !(y >= 0 && y < size))
      throw new Error(`${name} is not a vertex of a ${size}x${size} board`);
    await clickVertex(page, svg, x, y);
  }
}

/** What the new-game form is given beyond the size; the form's defaults (Japanese rules, no handicap, two people) for the rest. */
export interface NewGameChoices {
  handicap?: number;
  rules?: "japanese" | "chinese";
  /** `"engine"`: moku plays White. */
  white?: "engine";
  level?: number;
}

/** Opens the demo page with a new game of this size and `choices`. */
export async function newGame(page: Page, size: 9 | 13 | 19, choices: NewGameChoices = {}): Promise<void> {
  await page.goto("index.html");
  await page.waitForSelector("html[data-ready]");
  await page.locator("#new-game-box summary").click();
  const form = page.locator("#new-game");
  await form.locator('select[name="size"]').selectOption(String(size));
  if (choices.handicap !== undefined)
    await form.locator('select[name="handicap"]').selectOption(String(choices.handicap));
  if (choices.rules) await form.locator('select[name="rules"]').selectOption(choices.rules);
  if (choices.white) await form.locator('select[name="white"]').selectOption(choices.white);
  if (choices.level !== undefined) await form.locator('select[name="level"]').selectOption(String(choices.level));
  await form.locator('button[type="submit"]').click();
  await expect(board(page)).toHaveAttribute("data-size", String(size));
}

/**
 * Opens the demo page and, through the SGF box's file input, the SGF file at
 * `path`; with `size`, waits until the board has that size. Returns the board.
 */
export async function openSgf(page: Page, path: string, size?: number): Promise<Locator> {
  await page.goto("index.html");
  await page.waitForSelector("html[data-ready]");
  await page.locator("#sgf-box summary").click();
  await page.locator("#sgf-file").setInputFiles(path);
  const svg = board(page);
  if (size !== undefined) await expect(svg).toHaveAttribute("data-size", String(size));
  return svg;
}

/** The moves of the main line of an SGF text, as {color, x, y} (passes skipped). */
export function sgfMainLine(text: string): { color: string; x: number; y: number }[] {
  const moves: { color: string; x: number; y: number }[] = [];
  let depth = 0;
  let seenVariationEnd = false;
  const re = /([()])|;([BW])\[([a-s]{2})?\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === "(") depth++;
    else if (m[1] === ")") {
      depth--;
      seenVariationEnd = true;
    } else if (!seenVariationEnd && m[3]) {
      moves.push({ color: m[2] === "B" ? "black" : "white", x: m[3].charCodeAt(0) - 97, y: m[3].charCodeAt(1) - 97 });
    }
  }
  void depth;
  return moves;
}

/**
 * Black's first three moves of the 9x9 games the tests play against moku
 * (White), each with the move number once moku has answered it. A turn's
 * later points are played when moku has taken the first: its moves depend
 * on the time its search gets, so on a loaded machine it may answer on any
 * of them.
 */
export const THREE_TURNS_9X9 = [
  [2, [[4, 4]]],
  [
    4,
    [
      [2, 6],
      [6, 6],
      [2, 2],
    ],
  ],
  [
    6,
    [
      [6, 2],
      [2, 2],
      [6, 6],
      [4, 2],
    ],
  ],
] as const;

/**
 * Plays Black's three turns of {@link THREE_TURNS_9X9} on the demo page's
 * board against moku, each on the first of its points that is empty,
 * calling `answered(n)` once moku has answered each, at move number `n`.
 * moku may answer at once from the tree it kept, so nothing is read
 * between a click and moku's answer.
 */
export async function threeTurns(page: Page, answered: (n: number) => Promise<void>): Promise<void> {
  const svg = board(page);
  for (const [n, points] of THREE_TURNS_9X9) {
    const taken = new Set((await stonesIn(svg)).map((s) => `${s.x},${s.y}`));
    const v = points.find(([x, y]) => !taken.has(`${x},${y}`));
    if (!v) throw new Error(`moku took every point planned for move ${n - 1}`);
    await clickVertex(page, svg, v[0], v[1]);
    await expect(page.locator("#move-number")).toHaveText(String(n), { timeout: 15_000 });
    await expect(page.locator("#engine-box")).toHaveAttribute("data-state", "moved");
    await answered(n);
  }
}
