// <go-board> on a page in another folder than the script and the wasm.

import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { clickVertex, expect, openHtml, sgfMainLine, stonesIn, TIMING, test } from "./helpers.js";

/** The main line of the example's record. */
const GAME = sgfMainLine(readFileSync("examples/embed/game.sgf", "utf8"));

/** Opens the example page. */
async function openExample(page: Page): Promise<void> {
  await page.goto("examples/embed/index.html");
}

test("a page in another folder embeds <go-board> at the given move", async ({ page }) => {
  await openExample(page);
  const lesson = page.locator("go-board#lesson");
  await expect(lesson).toHaveAttribute("data-move-number", "9");
  const svg = lesson.locator("svg.goban");
  const expected = GAME.slice(0, 9);
  const stones = (await stonesIn(svg)).map(({ x, y, color }) => ({ color, x, y }));
  const order = (a: { x: number; y: number }, b: { x: number; y: number }): number => a.x - b.x || a.y - b.y;
  expect(stones.sort(order)).toEqual(expected.sort(order));
  await expect(lesson.locator(".caption")).toContainText("Move 9");
  // The overlay named in the attribute is drawn.
  await expect(svg.locator("g.overlay-legal circle").first()).toBeVisible();

  // The interactive board takes clicks; the other one is read-only.
  const themed = page.locator("go-board#themed");
  const tsvg = themed.locator("svg.goban");
  await expect(tsvg).toHaveAttribute("data-size", "9");
  await clickVertex(page, tsvg, 2, 2);
  await expect(tsvg.locator('g.stones circle[data-vertex="C7"]')).toHaveAttribute("data-color", "black");
  await expect(themed).toHaveAttribute("data-move-number", "1");
  await clickVertex(page, svg, 0, 0);
  await expect(lesson).toHaveAttribute("data-move-number", "9");

  // A board with the evaluators' overlays, at the last move.
  const analysed = page.locator("go-board#analysed");
  await expect(analysed).toHaveAttribute("data-move-number", String(GAME.length));
  await expect(analysed.locator("g.overlay-influence circle").first()).toBeAttached();
  await expect(analysed.locator("g.overlay-moyo rect").first()).toBeAttached();

  // Changing the move attribute moves the board.
  await lesson.evaluate((el) => el.setAttribute("move", "3"));
  await expect(lesson).toHaveAttribute("data-move-number", "3");
});

/** A page with nothing but the script and two boards, one record inline and one broken. */
const INLINE_PAGE = `<script type="module" src="../../dist/moku-board.js"></script>
<go-board id="inline" sgf="  (;GM[1]SZ[9];B[ee];W[gc];B[cg])" move="last"></go-board>
<go-board id="broken" sgf="(;SZ[9];B[ee];W[ee])" move="last"></go-board>
<go-board id="problem" sgf="(;GM[1]SZ[9];AB[cc][gg]AW[gc][cg]PL[B])"></go-board>`;

test("a teacher's own page writes the record into the sgf attribute; a broken one says why", async ({ page }) => {
  await openHtml(page, "inline", INLINE_PAGE);
  const inline = page.locator("go-board#inline");
  await expect(inline).toHaveAttribute("data-move-number", "3");
  // E5, G7 and C3 from the top-left: (4,4) black, (6,2) white, (2,6) black.
  const stones = (await stonesIn(inline.locator("svg.goban"))).map(({ vertex, color }) => `${vertex} ${color}`);
  expect(stones).toEqual(["C3 black", "E5 black", "G7 white"]);
  // The second record's White plays on Black's stone: refused in words, no fetch of a file named "(;SZ...".
  await expect(page.locator("go-board#broken .caption")).toContainText("move 2 (White E5) is illegal");
  // A problem whose stones are set up after an empty root (as Cgoban writes them) shows its position, not the empty board.
  const problem = (await stonesIn(page.locator("go-board#problem svg.goban"))).map(
    ({ vertex, color }) => `${vertex} ${color}`,
  );
  expect(problem.sort()).toEqual(["C3 white", "C7 black", "G3 black", "G7 white"]);
});

test(
  "<go-board> draws each position's static layers at once and reads in the page's engine worker: stepping fast through a record ends on the last position's overlays",
  TIMING,
  async ({ page }) => {
    await openExample(page);
    const analysed = page.locator("go-board#analysed");
    const total = GAME.length;
    // The analysis arrives from the worker and says which position it is of.
    await expect(analysed).toHaveAttribute("data-analysed-move", String(total));
    const svg = analysed.locator("svg.goban");
    await svg.focus();
    await page.keyboard.press("Home");
    const steps = Math.min(30, total);
    // Each position's layers are drawn for it as soon as its key is handled, its statuses read or not.
    const drawnFor: string[] = [];
    for (let i = 0; i < steps; i++) {
      await page.keyboard.press("ArrowRight");
      drawnFor.push(
        await analysed.evaluate((el) => {
          const layer = el.shadowRoot?.querySelector("g.overlay-influence") as SVGGElement | null;
          return `${el.dataset.moveNumber}: ${layer?.dataset.moveNumber}`;
        }),
      );
    }
    expect(drawnFor).toEqual(Array.from({ length: steps }, (_, i) => `${i + 1}: ${i + 1}`));
    await expect(analysed).toHaveAttribute("data-move-number", String(steps));
    // Positions passed by are never analysed: the last one's analysis comes next.
    await expect(analysed).toHaveAttribute("data-analysed-move", String(steps), { timeout: 5_000 });
    await expect(analysed.locator("g.overlay-influence circle").first()).toBeAttached();
  },
);

test("<go-board engine> plays back: the reader's move, then moku's with its reason", async ({ page }) => {
  await openExample(page);
  const opponent = page.locator("go-board#opponent");
  const svg = opponent.locator("svg.goban");
  await expect(svg).toHaveAttribute("data-size", "9");
  // The boards that load records sit above this one; the click waits for the layout they give the page.
  await expect(page.locator("go-board#lesson")).toHaveAttribute("data-move-number", "9");
  await expect(page.locator("go-board#analysed")).toHaveAttribute("data-move-number", /^[1-9]/);
  const moves: { move: string; engine: boolean; reasons: string[] }[] = [];
  await opponent.evaluate((el) => {
    const seen: unknown[] = [];
    (window as unknown as { moves: unknown[] }).moves = seen;
    el.addEventListener("move", (e) => seen.push((e as CustomEvent<unknown>).detail));
  });
  await clickVertex(page, svg, 4, 4);
  await expect(opponent).toHaveAttribute("data-move-number", "2", { timeout: 15_000 });
  moves.push(
    ...(await page.evaluate(
      () => (window as unknown as { moves: { move: string; engine: boolean; reasons: string[] }[] }).moves,
    )),
  );
  expect(moves.map((m) => m.engine)).toEqual([false, true]);
  expect(moves[0]?.move).toBe("E5");
  const reply = moves[1];
  expect(reply?.reasons.length).toBeGreaterThan(0);
  await expect(svg.locator(`g.stones circle[data-vertex="${reply?.move}"]`)).toHaveAttribute("data-color", "white");
  await expect(opponent.locator(".caption")).toContainText(`moku played ${reply?.move}: ${reply?.reasons[0]}`);
});
