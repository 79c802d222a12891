// The overlays as a player reads them, on a 19x19 record at 1280x900: the
// colours drawn are the legend's, every figure written on the board is at
// least 11 CSS px, and no overlay tints a stone. One test opens the
// position once and checks all three under each overlay in turn.

import type { Page } from "@playwright/test";
import { board, expect, openSgf, test } from "./helpers.js";

test.use({ viewport: { width: 1280, height: 900 } });

/** Hue (0–360), saturation and lightness (0–1) and alpha of a CSS colour, as the browser parses it. */
interface Hsl {
  h: number;
  s: number;
  l: number;
  a: number;
}

/** Opens strategy26 (19x19) at move 80 and returns the ids of the overlays. */
async function position(page: Page): Promise<string[]> {
  // 80 steps and nine overlays drawn: slow on a loaded machine.
  test.setTimeout(90_000);
  const svg = await openSgf(page, "../tests/data/gnugo-regression/games/strategy26.sgf", 19);
  // Step by step until move 80: a key pressed while the record is still being drawn may be dropped.
  for (let i = 0; i < 200 && Number(await page.locator("#move-number").textContent()) < 80; i++)
    await page.locator("#next").click();
  await expect(page.locator("#move-number")).toHaveText("80");
  await expect(svg.locator("g.stones circle.stone").first()).toBeAttached();
  return page
    .locator("#overlays input[type=checkbox][id^=overlay-]")
    .evaluateAll((els) => els.map((e) => e.id.replace("overlay-", "")));
}

/** Switches overlay `id` on and waits until it has drawn. */
async function showOnly(page: Page, id: string): Promise<void> {
  for (const box of await page.locator("#overlays input[type=checkbox][id^=overlay-]:checked").all())
    await box.uncheck();
  await page.locator(`#overlay-${id}`).check();
  await expect(board(page).locator(`g.overlay-${id} > *`).first()).toBeAttached({ timeout: 10_000 });
}

type Painted = Hsl & { css: string };

/** In the page: the colours overlay `id` draws, and its legend's swatches. */
function coloursDrawn(id: string): { drawn: Painted[]; legend: Painted[] } {
  const ctx = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
  const hsl = (css: string) => {
    ctx.fillStyle = "#010203";
    ctx.fillStyle = css;
    const v = ctx.fillStyle;
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 1;
    if (v.startsWith("#"))
      [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(v.slice(i, i + 2), 16) / 255) as [number, number, number];
    else {
      const m = /rgba?\(([^)]*)\)/.exec(v);
      const p = (m?.[1] ?? "0,0,0").split(",").map(Number);
      [r, g, b] = [(p[0] ?? 0) / 255, (p[1] ?? 0) / 255, (p[2] ?? 0) / 255];
      a = p[3] ?? 1;
    }
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const l = (max + min) / 2;
    const d = max - min;
    const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
    let h = 0;
    if (d > 0)
      h = max === r ? 60 * (((g - b) / d + 6) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
    return { h, s, l, a, css };
  };
  const layer = document.querySelector(`#board svg.goban g.overlay-${id}`) as SVGGElement;
  const drawn = new Map<string, Hsl & { css: string }>();
  for (const el of layer.querySelectorAll("rect, circle, path, polygon, line, ellipse")) {
    // A shape inside a candidate's or a label's group is paint, not a legend colour, only when it is text's halo.
    const fill = el.getAttribute("fill");
    const stroke = el.getAttribute("stroke");
    const paint = fill && fill !== "none" ? fill : stroke;
    if (paint && paint !== "none" && !drawn.has(paint)) drawn.set(paint, hsl(paint));
  }
  const legend = [...document.querySelectorAll(`.overlay-row:has(#overlay-${id}) .legend .swatch`)].map((sw) => {
    // A ring's colour is its border; a square paints its colour over the board's wood, as a gradient of the one colour.
    const st = getComputedStyle(sw);
    if (sw.classList.contains("ring")) return hsl(st.borderTopColor);
    const m = /linear-gradient\((rgba?\([^)]*\))/.exec(st.backgroundImage);
    // No gradient: a swatch that matches nothing.
    return m?.[1] ? hsl(m[1]) : { h: -999, s: 1, l: -1, a: 0, css: `no colour (${st.backgroundImage})` };
  });
  return { drawn: [...drawn.values()], legend };
}

/** In the page: the figures overlay `id` writes smaller than 11 CSS px. */
function smallFigures(id: string): { text: string | null; px: number }[] {
  const svg = document.querySelector("#board svg.goban") as SVGSVGElement;
  const scale = svg.getScreenCTM()?.a ?? 0;
  return [...svg.querySelectorAll(`g.overlay-${id} text`)]
    .map((t) => ({ text: t.textContent, px: Number(t.getAttribute("font-size")) * scale }))
    .filter((t) => t.px < 11);
}

/** In the page: the stones a tint of overlay `id` covers. */
function tintedStones(id: string): string[] {
  const svg = document.querySelector("#board svg.goban") as SVGSVGElement;
  const layer = svg.querySelector(`g.overlay-${id}`) as SVGGElement;
  const out: string[] = [];
  for (const stone of svg.querySelectorAll<SVGCircleElement>("g.stones circle.stone")) {
    const r = stone.getBoundingClientRect();
    // A point between the centre and the edge: a mark drawn on the stone's centre (a cross, a dot) is no tint.
    const hits = document.elementsFromPoint(r.x + r.width * 0.25, r.y + r.height * 0.5);
    for (const h of hits) {
      if (h === stone) break;
      // A tint fills the whole point; a smaller square on a dead stone is the score's mark for the side that took it.
      const tint = (h.tagName === "rect" && Number(h.getAttribute("width")) >= 1) || h.tagName === "path";
      if (layer.contains(h) && tint && (h.getAttribute("fill") ?? "none") !== "none")
        out.push(stone.dataset.vertex ?? "");
    }
  }
  return out;
}

/** Greys (black, white and their tints) match by lightness; colours by hue. */
function sameFamily(a: Hsl, b: Hsl): boolean {
  if (a.s < 0.15 || b.s < 0.15) return a.s < 0.15 && b.s < 0.15 && Math.abs(a.l - b.l) < 0.25;
  const dh = Math.abs(a.h - b.h);
  return Math.min(dh, 360 - dh) <= 40;
}

test("each overlay alone: its colours are its legend's swatches (the same hue family, any strength), its figures at least 11 CSS px at 1280 px, and no tint of it covers a stone", async ({
  page,
}) => {
  for (const id of await position(page)) {
    await showOnly(page, id);
    const { drawn, legend } = await page.evaluate(coloursDrawn, id);
    expect.soft(legend.length, `${id} has a legend`).toBeGreaterThan(0);
    for (const c of drawn)
      expect
        .soft(
          legend.some((l) => sameFamily(c, l)),
          `${id}: ${c.css} is in no swatch of the legend (${legend.map((l) => l.css).join(", ")})`,
        )
        .toBe(true);
    expect.soft(await page.evaluate(smallFigures, id), `${id}: figures under 11 px`).toEqual([]);
    expect.soft(await page.evaluate(tintedStones, id), `${id} tints stones`).toEqual([]);
  }
});
