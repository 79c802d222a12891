// The page at the sizes players use: 1280x900 and 1366x768 (laptops) and
// 390x844 (a phone). Each test leaves its screenshot in test-output/.

import { board, clickVertex, expect, newGame, test } from "./helpers.js";

/** Starts a 9x9 game against moku (White, level 6) and plays two turns, with the moyo overlay on. */
async function gameInProgress(page: import("@playwright/test").Page): Promise<void> {
  await newGame(page, 9, { white: "engine" });
  await page.locator("#new-game-box summary").click();
  const svg = board(page);
  await clickVertex(page, svg, 4, 4);
  await expect(page.locator("#move-number")).toHaveText("2", { timeout: 15_000 });
  await clickVertex(page, svg, 2, 6);
  await expect(page.locator("#move-number")).toHaveText("4", { timeout: 15_000 });
  await page.locator("#overlay-moyo").check();
}

for (const [width, height] of [
  [1280, 900],
  [1366, 768],
] as const) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test("the whole board and every overlay switch are in view together; the panel scrolls, not the page", async ({
      page,
    }) => {
      await gameInProgress(page);
      const inView = async (sel: string): Promise<void> => {
        const box = await page.locator(sel).boundingBox();
        expect(box, sel).not.toBeNull();
        if (!box) return;
        expect(box.x, sel).toBeGreaterThanOrEqual(0);
        expect(box.y, sel).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, sel).toBeLessThanOrEqual(width);
        expect(box.y + box.height, sel).toBeLessThanOrEqual(height);
      };
      await inView("#board svg.goban");
      for (const id of await page
        .locator("#overlays input[type=checkbox][id^=overlay-]")
        .evaluateAll((els) => els.map((e) => e.id)))
        await inView(`#${id}`);
      await inView("#engine-move");
      // The page itself does not scroll; the panel does when its content is taller.
      const sizes = await page.evaluate(() => ({
        page: document.documentElement.scrollHeight,
        panel: (document.querySelector(".panel") as HTMLElement).scrollHeight,
        panelBox: (document.querySelector(".panel") as HTMLElement).clientHeight,
        overflow: getComputedStyle(document.querySelector(".panel") as HTMLElement).overflowY,
      }));
      expect(sizes.page).toBeLessThanOrEqual(height);
      expect(sizes.overflow).toBe("auto");
      await page.locator("#sgf-box summary").click();
      await page.locator("#text-alt summary").click();
      await page.locator("#text-alt summary").scrollIntoViewIfNeeded();
      await inView("#board svg.goban");
      await inView("#text-alt summary");
    });
  });
}

test.describe("on a 390x844 phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("no text is cut: the page is as wide as the screen and every control's text fits its box", async ({ page }) => {
    await gameInProgress(page);
    await page.locator("#new-game-box summary").click();
    await page.locator("#sgf-box summary").click();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    // A control whose content is wider than its box shows it cut (a select's chosen option, a button's label).
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("button, select, label, summary, p, li")]
        .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.tagName}#${e.id || e.className}: ${e.textContent?.slice(0, 40)}`),
    );
    expect(cut).toEqual([]);
    // The chosen level's option: its text measured in the select's font is narrower than the select.
    const level = page.locator('#new-game select[name="level"]');
    const fits = await level.evaluate((s: HTMLSelectElement) => {
      const c = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      const st = getComputedStyle(s);
      c.font = `${st.fontSize} ${st.fontFamily}`;
      // 30 px: the select's arrow and padding.
      return c.measureText(s.selectedOptions[0]?.textContent ?? "").width + 30 <= s.clientWidth;
    });
    expect(fits).toBe(true);
  });
});

test("screen readers: moku's move in one short live region, the candidates outside it, the cursor in its own, a skip link to the board", async ({
  page,
}) => {
  // The skip link is the first stop of Tab; following it puts the keyboard cursor on the board.
  await page.goto("index.html");
  await page.waitForSelector("html[data-ready]");
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).toBeFocused();
  await expect(page.locator(".skip-link")).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#board svg.goban")).toBeFocused();
  await expect(page.locator("#cursor-status")).toHaveText("K10: empty.");
  await page.keyboard.press("ArrowUp");
  await expect(page.locator("#cursor-status")).toHaveText("K11: empty.");

  await gameInProgress(page);
  const status = page.locator("#status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  const said = (await status.textContent()) ?? "";
  expect(said).toMatch(/^moku \(White\) played [A-HJ]\d\./);
  expect(said.length, said).toBeLessThanOrEqual(160);
  // The live regions: the status, the cursor's, the error line and the moyo's completion; the engine's box is none.
  const live = await page.evaluate(() =>
    [...document.querySelectorAll("[aria-live]")].map((e) => `${e.id}:${e.getAttribute("aria-live")}`),
  );
  expect(live.sort()).toEqual(["completion:polite", "cursor-status:polite", "message:assertive", "status:polite"]);
  await expect(page.locator("#engine-candidates button").first()).toBeAttached();
  expect(await page.locator("[aria-live] #engine-candidates, [aria-live] #engine-reasons").count()).toBe(0);
  // The cursor speaks in its own region: the move's announcement stays.
  await page.locator("#board svg.goban").focus();
  await expect(page.locator("#cursor-status")).toHaveText("E5: a black stone.");
  await expect(status).toHaveText(said);
});

test("the level menu says each level's strength as measured against GNU Go, and 'not measured' where it was not", async ({
  page,
}) => {
  await page.goto("index.html");
  await page.waitForSelector("html[data-ready]");
  await page.locator("#new-game-box summary").click();
  const level = page.locator('#new-game select[name="level"]');
  const options = await level.locator("option").allTextContents();
  // Every measured level names its GNU Go level on the same board, 9x9, so 6 and 10 compare like with like.
  expect(options).toEqual([
    "1: loses to GNU Go level 1 on 9x9",
    "2: loses to GNU Go level 1 on 9x9",
    "3: loses to GNU Go level 1 on 9x9",
    "4: loses to GNU Go level 1 on 9x9",
    "5: loses to GNU Go level 1 on 9x9",
    "6: beats GNU Go level 10 on 9x9 (84.5%)",
    "7: strength not measured",
    "8: strength not measured",
    "9: strength not measured",
    "10: beats GNU Go level 10 on 9x9 (92.5%)",
  ]);
  await expect(page.locator("#level-strength")).toHaveText(
    "Level 6, tree search, about 1 s a move: measured against GNU Go level 10, 84.5% (76.1–90.3%) of 100 games on 9x9, a draw counting half; not measured on 19x19.",
  );
  await level.selectOption("8");
  await expect(page.locator("#level-strength")).toHaveText("Level 8: strength not measured.");
});
