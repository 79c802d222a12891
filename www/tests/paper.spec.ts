// The paper's basins and the notes' self-check on the page: the "Basins
// (paper)" overlay draws the three facts of the moyo module's test
// (`the_papers_three_facts_on_a_position_of_our_own`, the same record), on
// the page and inside <go-board>, and the self-check lists what
// `moku_consistency` reports for a record.

import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { board, expect, openHtml, openSgf, test } from "./helpers.js";

test.use({ viewport: { width: 1280, height: 900 } });

/** The titles of the overlay's shapes at point (x, y), and the tags that carry them. */
async function drawnAt(page: Page, x: number, y: number): Promise<string[]> {
  return page.evaluate(
    ([x, y]) => {
      const layer = document.querySelector("#board svg.goban g.overlay-basins") as SVGGElement;
      const out: string[] = [];
      for (const el of layer.children) {
        const at =
          el.tagName === "rect"
            ? Number(el.getAttribute("x")) + 0.5 === x && Number(el.getAttribute("y")) + 0.5 === y
            : el.tagName === "circle"
              ? Number(el.getAttribute("cx")) === x && Number(el.getAttribute("cy")) === y
              : el.tagName === "text"
                ? Number(el.getAttribute("x")) === x && Number(el.getAttribute("y")) === y
                : el.tagName === "polygon"
                  ? Number(el.getAttribute("data-x")) === x && Number(el.getAttribute("data-y")) === y
                  : false;
        if (at) out.push(`${el.tagName}: ${el.querySelector("title")?.textContent ?? ""}`);
      }
      return out;
    },
    [x, y] as const,
  );
}

test("the Basins (paper) overlay draws the paper's three facts on our position", async ({ page }) => {
  await openSgf(page, "tests/fixtures/basins-13x13.sgf", 13);
  // The algorithm as the paper writes it: no threshold.
  await page.locator("#overlay-settings summary").click();
  await page.locator("#moyo-threshold").fill("0");
  await page.locator("#moyo-threshold").dispatchEvent("change");
  await page.locator("#overlay-basins").check();
  const layer = board(page).locator("g.overlay-basins");
  // (c) White basin -3 (J11-K13) has two weakest boundary points, J11 and K11, at -38; the wait also makes sure
  // that the analysis drawn is the one without a threshold.
  const weak = layer.locator('circle[data-weak="-3"]');
  await expect(weak).toHaveCount(2, { timeout: 20_000 });
  expect(await weak.evaluateAll((els) => els.map((e) => (e as SVGElement).dataset.vertex))).toEqual(["J11", "K11"]);
  expect(await drawnAt(page, 8, 2)).toContain(
    "circle: J11: a weakest boundary point of White basin -3, potential \u221238: the least |potential| on the basin's edge, where the enclosure is thinnest",
  );
  expect(await layer.locator('text[data-basin="-3"]').evaluate((t) => t.querySelector("title")?.textContent)).toBe(
    "White basin -3: 6 points, minimal point J13; weakest boundary points J11 and K11 at potential \u221238",
  );
  // (a) L11 is inner, in White basin -4, whose number stands on its minimal point N13 (the end of L11's path).
  expect(await drawnAt(page, 10, 2)).toContain(
    "rect: L11: White basin -4 (potential \u221258); 9 points, minimal point N13",
  );
  expect(await drawnAt(page, 12, 0)).toContain(
    "text: White basin -4: 9 points, minimal point N13; weakest boundary point N11 at potential \u221235",
  );
  // (b) C8, as strong, is an outer point: a grey mark, no tint.
  expect(await drawnAt(page, 2, 5)).toEqual([
    "polygon: C8: an outer point, in no basin (potential \u221258): its steepest descent runs into the other side's potential",
  ]);
  // The panel's legend names every mark drawn.
  const legend = await page.locator(".overlay-row:has(#overlay-basins) .legend li").allTextContents();
  expect(legend.map((l) => l.trim())).toEqual([
    "a Black basin (inner area), numbered +1, +2, ...",
    "a White basin (inner area), numbered -1, -2, ...",
    "the edge of a basin",
    "an outer point (a small grey diamond): in no basin",
    "a weakest boundary point of a basin (least |potential| on its edge)",
  ]);
});

test("the self-check lists what moku_consistency reports for the record, and goes to the position", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // 13x13, Chinese rules, komi 7, four moves. `moku_consistency` on this file reports one position (the
  // native build, `printf 'moku_consistency www/tests/fixtures/review-13x13.sgf\n' | moku gtp`):
  //   position 4 W biggest H2 (10.5): -10.6 -> -19.5 (-8.9); territory -5.0 moyo -2.9 stones -1.0 dead +0.0
  //   prisoners +0.0 danger +0.0
  // Checked by hand: before White's move 4 the thermography's biggest move is H2, 10.5 points; White playing it
  // adds one White stone, which area counting counts: stones -1.0; no stone is captured or changes status (dead,
  // prisoners 0), and the terms add up to the difference: -5.0 - 2.9 - 1.0 = -8.9 = -19.5 - (-10.6), over 0.6.
  await openSgf(page, "tests/fixtures/review-13x13.sgf", 13);
  await page.locator("#selfcheck").click();
  await expect(page.locator("#selfcheck-box")).toHaveAttribute("data-state", "done", { timeout: 80_000 });
  const entries = page.locator("#selfcheck-list button.selfcheck-entry");
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toHaveAttribute(
    "data-line",
    "position 4 W biggest H2 (10.5): -10.6 -> -19.5 (-8.9); territory -5.0 moyo -2.9 stones -1.0 dead +0.0 prisoners +0.0 danger +0.0",
  );
  await expect(entry).toHaveText(
    "Move 4, White to play: the biggest move H2 (10.5 points) takes the estimate from W+10.6 to W+19.5, \u22128.9 for Black. Territory \u22125.0, moyo \u22122.9, stones \u22121.0.",
  );
  await expect(page.locator("#selfcheck-summary")).toHaveText(
    /^4 positions checked: \d with one clearly biggest move; 1 differs by more than 0\.6 point/,
  );
  // The entry goes to the position it checked: before move 4.
  await entry.click();
  await expect(page.locator("#move-number")).toHaveText("3");
  await expect(entry).toHaveAttribute("aria-current", "true");
});

test('<go-board overlays="basins"> draws the paper\'s basins with the default moyo threshold', async ({ page }) => {
  const sgf = readFileSync("tests/fixtures/basins-13x13.sgf", "utf8");
  await openHtml(
    page,
    "basins",
    `<script type="module" src="../../dist/moku-board.js"></script>\n<go-board id="paper" sgf="${sgf.replaceAll('"', "&quot;")}" overlays="basins"></go-board>`,
  );
  const layer = page.locator("go-board#paper g.overlay-basins");
  await expect(layer.locator("text[data-basin]").first()).toBeAttached({ timeout: 20_000 });
  // With the threshold of 12 (the default), C8's |potential| of 58 makes it inner whatever its descent says: it
  // joins B8's basin, White's first (the moyo module's test says the same).
  const c8 = await layer.evaluate((g) =>
    [...g.querySelectorAll("rect")]
      .map((r) => r.querySelector("title")?.textContent ?? "")
      .find((t) => t.startsWith("C8:")),
  );
  expect(c8).toMatch(/^C8: White basin -1 \(potential \u221258\); \d+ points, minimal point A13$/);
  expect(await layer.locator("polygon[data-outer]").count()).toBeGreaterThan(0);
});
