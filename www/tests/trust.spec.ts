// The words and figures moku shows, checked on the board by the test's own
// reading of the drawn stones: the playout counts of its move and its
// candidates add up, and a capture or an atari it names is one.

import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { board, clickVertex, expect, newGame, openSgf, type Stone, stonesIn, test, threeTurns } from "./helpers.js";
import { parseTree } from "./sgf-tree.js";

const COLUMNS = "ABCDEFGHJKLMNOPQRST";

/** (x, y) from the top-left of a vertex name such as "F4" on a board of `size`. */
function xy(name: string, size: number): [number, number] {
  return [COLUMNS.indexOf(name.charAt(0)), size - Number(name.slice(1))];
}

/** The string at (x, y) of the drawn stones: its stones and its liberties, as "x,y" keys. */
function stringAt(stones: Stone[], size: number, x: number, y: number): { stones: Set<string>; libs: Set<string> } {
  const colour = new Map(stones.map((s) => [`${s.x},${s.y}`, s.color]));
  const own = colour.get(`${x},${y}`);
  const seen = new Set<string>();
  const libs = new Set<string>();
  const todo: [number, number][] = [[x, y]];
  while (todo.length > 0) {
    const [cx, cy] = todo.pop() as [number, number];
    const key = `${cx},${cy}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const [nx, ny] of [
      [cx + 1, cy],
      [cx - 1, cy],
      [cx, cy + 1],
      [cx, cy - 1],
    ] as [number, number][]) {
      if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
      const c = colour.get(`${nx},${ny}`);
      if (c === undefined) libs.add(`${nx},${ny}`);
      else if (c === own) todo.push([nx, ny]);
    }
  }
  return { stones: seen, libs };
}

/** The number in "a stone" / "3 stones". */
function stoneCount(text: string): number {
  const m = /(a|\d+) stones?/.exec(text);
  if (!m) throw new Error(`no stone count in "${text}"`);
  return m[1] === "a" ? 1 : Number(m[1]);
}

/** The reasons of the move shown, the ones behind "more" too, as [kind, text]. */
async function reasons(page: Page): Promise<[string, string][]> {
  const more = page.locator("#engine-reasons li.more button");
  if ((await more.count()) > 0) await more.click();
  return page
    .locator("#engine-reasons li")
    .evaluateAll((els) =>
      els.map((e) => [(e as HTMLElement).dataset.kind ?? "", e.textContent ?? ""] as [string, string]),
    );
}

/**
 * The playouts the panel counts for the move shown: the move's visits (of
 * them this move's own) and the candidates' visits, each at most the move's,
 * and all of them together within the playouts in all.
 */
async function checkCounts(page: Page): Promise<{ move: string; playouts: number }> {
  const search = (await page.locator("#engine-search").textContent()) ?? "";
  const m =
    /([\d,]+) visits to ([A-HJ-T]\d+)(?:, ([\d,]+) of them from this position)?, ([\d,]+) playouts (?:in all|from this position, [\d,]+ of them in this search)/.exec(
      search,
    );
  expect(m, search).not.toBeNull();
  const num = (s: string | undefined): number => Number((s ?? "").replace(/,/g, ""));
  const visits = num(m?.[1]);
  const own = m?.[3] === undefined ? visits : num(m[3]);
  const playouts = num(m?.[4]);
  expect(own, search).toBeLessThanOrEqual(playouts);
  expect(own, search).toBeLessThanOrEqual(visits);
  const lines = await page.locator("#engine-candidates button").allTextContents();
  // The lines with the search's figures; a candidate the tree never visited shows the classic valuation instead.
  const counted = lines.filter((l) => / visits(, [^)]*)?\)/.test(l));
  expect(counted.length, lines.join(" / ")).toBeGreaterThan(0);
  let sum = visits;
  for (const line of counted) {
    const v = /\(([\d,]+) visits(, [^)]*)?\)/.exec(line);
    expect(v, line).not.toBeNull();
    const n = num(v?.[1]);
    expect(n, line).toBeLessThanOrEqual(visits);
    sum += n;
  }
  // Every visit of this search is one of its playouts; visits kept from the previous move's tree come on top.
  const bound = own === visits ? playouts : visits + playouts;
  expect(sum, `${search} / ${lines.join(" / ")}`).toBeLessThanOrEqual(bound);
  return { move: m?.[2] ?? "", playouts };
}

/** The stones on the page's board before move `n` of the game shown, read from its record (as `stonesIn` gives them). */
async function stonesBefore(page: Page, n: number): Promise<Stone[]> {
  return page.evaluate((n) => {
    interface G {
      toSgf(): string;
      goToMove(n: number): void;
      board(): Int8Array;
      readonly size: number;
      free(): void;
    }
    const game = (window as unknown as { mokuApp: { game: G } }).mokuApp.game;
    const copy = (game.constructor as unknown as { fromSgf(s: string): G }).fromSgf(game.toSgf());
    copy.goToMove(n - 1);
    const size = copy.size;
    const signs = Array.from(copy.board());
    copy.free();
    const letters = "ABCDEFGHJKLMNOPQRST";
    const stones = [];
    for (const [i, sign] of signs.entries()) {
      if (sign === 0) continue;
      const x = i % size;
      const y = Math.floor(i / size);
      stones.push({ vertex: `${letters[x]}${size - y}`, color: sign > 0 ? "black" : "white", x, y });
    }
    return stones.sort((a, b) => a.vertex.localeCompare(b.vertex));
  }, n);
}

/** Checks each capture and atari among the reasons for `move` on the stones before (`before`) and after it (`after`). */
function checkFacts(facts: [string, string][], move: string, size: number, before: Stone[], after: Stone[]): number {
  const [mx, my] = xy(move, size);
  let checked = 0;
  for (const [kind, text] of facts) {
    const at = / at ([A-HJ-T]\d+)/.exec(text)?.[1];
    if (kind === "capture") {
      expect(at, text).toBeDefined();
      const [tx, ty] = xy(at ?? "", size);
      const s = stringAt(before, size, tx, ty);
      // Before the move: a string of that many stones whose last liberty the move takes; after it, gone.
      expect(s.stones.size, text).toBe(stoneCount(text));
      expect([...s.libs], text).toEqual([`${mx},${my}`]);
      const left = new Set(after.map((x) => `${x.x},${x.y}`));
      for (const k of s.stones) expect(left.has(k), `${text}: ${k} still on the board`).toBe(false);
      checked++;
    } else if (kind === "atari") {
      expect(at, text).toBeDefined();
      const [tx, ty] = xy(at ?? "", size);
      const s = stringAt(after, size, tx, ty);
      expect(s.stones.size, text).toBe(stoneCount(text));
      expect(s.libs.size, text).toBe(1);
      checked++;
    }
  }
  return checked;
}

test("moku's moves in a short 9x9 game: the playout counts of its move and candidates add up, its captures and ataris are on the board", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await newGame(page, 9, { white: "engine", level: 6 });
  const svg = board(page);
  // The board before moku's move is read from the record: moku may answer
  // at once from the tree it kept, before the screen shows it without.
  await threeTurns(page, async (n) => {
    const before = await stonesBefore(page, n);
    const { move } = await checkCounts(page);
    checkFacts(await reasons(page), move, 9, before, await stonesIn(svg));
  });
});

test("moku's move here on a loaded record: the capture it names takes the stones the board shows in atari", async ({
  page,
}) => {
  const svg = await openSgf(page, "tests/fixtures/atari-9x9.sgf", 9);
  await page.locator("#last").click();
  await expect(page.locator("#move-number")).toHaveText("15");
  await page.locator("#hint").click();
  await expect(page.locator("#engine-move")).toHaveText(
    /^moku's move here for White: [A-HJ]\d \(marked ★, not played\)\.$/,
    {
      timeout: 15_000,
    },
  );
  const said = (await page.locator("#engine-move").textContent()) ?? "";
  const chosen = /White: ([A-HJ]\d)/.exec(said)?.[1] ?? "";
  // Marked on the board, not played; the same words in the status line.
  const [cx, cy] = xy(chosen, 9);
  await expect(svg.locator("g.candidate.hint-move")).toHaveAttribute("data-vertex", `${cx},${cy}`);
  await expect(page.locator("#move-number")).toHaveText("15");
  await expect(page.locator("#status")).toContainText(`moku's move here for White: ${chosen}`);
  const { move } = await checkCounts(page);
  expect(move).toBe(chosen);
  // F4 takes the last liberty of D5-E5-F5: its reasons, as moku's move or as a candidate (the line's title), name the capture.
  let facts: [string, string][];
  if (chosen === "F4") facts = await reasons(page);
  else {
    const line = page.locator("#engine-candidates button", { hasText: /^\d+\. F4: / });
    const title = (await line.getAttribute("title")) ?? "";
    facts = (/[:;] (captures [^;(]*)/.exec(title.replace(/^\d+\. F4: [^:]*/, "")) ?? [])
      .slice(1)
      .map((t) => ["capture", t.trim()]);
  }
  expect(
    facts.some(([k, t]) => k === "capture" && t.startsWith("captures 3 stones")),
    JSON.stringify(facts),
  ).toBe(true);
  const before = await stonesIn(svg);
  await clickVertex(page, svg, 5, 5);
  await expect(page.locator("#move-number")).toHaveText("16");
  const after = await stonesIn(svg);
  expect(before.length - after.length).toBe(2); // three taken, one played
  expect(checkFacts(facts, "F4", 9, before, after)).toBeGreaterThanOrEqual(1);
  // The hint's marks leave with the position they were for.
  await expect(svg.locator("g.candidate")).toHaveCount(0);
  await expect(page.locator("#engine-move")).toBeHidden();
});

test("a resigned handicap game saves RE, PB/PW, DT, KM, RU and HA, and the file read back keeps them", async ({
  page,
}) => {
  await newGame(page, 9, { handicap: 2, rules: "chinese", white: "engine", level: 2 });
  // White moves first after the handicap stones: moku's move, then the person resigns.
  await expect(page.locator("#move-number")).toHaveText("1", { timeout: 15_000 });
  await page.locator("#resign").click();
  await expect(page.locator("#status")).toContainText("Black resigns. White wins.");
  const save = async (): Promise<Record<string, string[]>> => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#sgf-save").click()]);
    const text = readFileSync((await download.path()) ?? "", "utf8");
    return parseTree(text).props;
  };
  await page.locator("#sgf-box summary").click();
  const root = await save();
  const today = new Date().toISOString().slice(0, 10);
  expect(root.SZ).toEqual(["9"]);
  expect(root.RE).toEqual(["W+R"]);
  expect(root.PW).toEqual(["moku level 2"]);
  expect(root.PB).toBeUndefined();
  expect(root.DT).toEqual([today]);
  expect(root.KM).toEqual(["0.5"]);
  expect(root.RU).toEqual(["Chinese"]);
  expect(root.HA).toEqual(["2"]);
  expect(root.AB).toHaveLength(2);
  // Read back: the file opened again saves the same game information.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#sgf-save").click()]);
  const text = readFileSync((await download.path()) ?? "", "utf8");
  await page.locator("#sgf-text").fill(text);
  await page.locator("#sgf-load").click();
  await expect(page.locator("#status")).toContainText("Opened the pasted SGF");
  const again = await save();
  for (const p of ["SZ", "RE", "PW", "DT", "KM", "RU", "HA", "AB"]) expect(again[p], p).toEqual(root[p]);
});
