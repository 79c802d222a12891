// <go-board> as a teacher uses it: a lesson record with its marks,
// comments, game information and variations, followed by mouse, touch and
// keys; a student's own moves and the way back; problems answered by the
// record's tree and by moku's reading; the element's conventions.

import type { Locator, Page } from "@playwright/test";
import { clickVertex, expect, openHtml, openSgf, pageErrors, pixelOf, test } from "./helpers.js";

/** Opens the lesson page; its uncaught errors collect in the array returned (each test expects none). */
async function openLesson(page: Page): Promise<string[]> {
  const errors = pageErrors(page);
  await page.goto("examples/embed/lesson.html");
  await expect(page.locator("go-board#lesson")).toHaveAttribute("data-move-number", "0");
  return errors;
}

/** The mark of SGF property `kind` at `vertex` on a board. */
function mark(board: Locator, kind: string, vertex: string): Locator {
  return board.locator(`svg.goban g.markup [data-mark="${kind}"][data-vertex="${vertex}"]`);
}

test("every markup type of the lesson is drawn where the SGF puts it", async ({ page }) => {
  await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  const next = lesson.locator('button[data-nav="forward"]');
  // Move 1: LB[cc:a][gc:b] TR[ee].
  await next.click();
  await expect(lesson).toHaveAttribute("data-move-number", "1");
  await expect(mark(lesson, "LB", "C7")).toHaveText("a");
  await expect(mark(lesson, "LB", "G7")).toHaveText("b");
  await expect(mark(lesson, "TR", "E5")).toHaveCount(1);
  // The triangle is on Black's stone: light ink.
  await expect(mark(lesson, "TR", "E5")).toHaveClass(/ink-light/);
  // Move 2: CR[gc] SQ[cg] MA[gg]; the marks of move 1 are gone.
  await next.click();
  await expect(mark(lesson, "CR", "G7")).toHaveCount(1);
  await expect(mark(lesson, "CR", "G7")).toHaveClass(/ink-dark/);
  await expect(mark(lesson, "SQ", "C3")).toHaveCount(1);
  await expect(mark(lesson, "MA", "G3")).toHaveCount(1);
  await expect(lesson.locator("svg.goban g.markup [data-mark]")).toHaveCount(3);
  // Move 3: SL[ce][de] AR[cg:ce] LN[gc:gg] DD[aa:ba].
  await next.click();
  await expect(mark(lesson, "SL", "C5")).toHaveCount(1);
  await expect(mark(lesson, "SL", "D5")).toHaveCount(1);
  await expect(mark(lesson, "AR", "C3")).toHaveAttribute("data-to", "C5");
  await expect(mark(lesson, "LN", "G7")).toHaveAttribute("data-to", "G3");
  await expect(mark(lesson, "DD", "A9")).toHaveCount(1);
  await expect(mark(lesson, "DD", "B9")).toHaveCount(1);
  // Move 4 (main line): VW[aa:ee] shows the top-left only; DD is inherited.
  await next.click();
  await expect(lesson.locator("svg.goban")).toHaveAttribute("data-view", "A9:E5");
  await expect(mark(lesson, "DD", "A9")).toHaveCount(1);
  const vb = (await lesson.locator("svg.goban").getAttribute("viewBox"))?.split(" ").map(Number);
  // Columns A to E (0 to 4) with 0.6 around: from -0.6, 5.2 wide.
  expect(vb?.[0]).toBeCloseTo(-0.6);
  expect(vb?.[2]).toBeCloseTo(5.2);
  // Back at move 3, the screenshot a person looks at: every mark of that move.
  await lesson.locator('button[data-nav="back"]').click();
  await expect(lesson.locator("svg.goban")).not.toHaveAttribute("data-view");
  await lesson.screenshot({ path: "test-output/lesson-marks-move-3.png" });
});

test("the lesson shows its comments and game information; move numbers and coordinates turn on and off", async ({
  page,
}) => {
  await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  await expect(lesson.locator(".comment")).toHaveText("Welcome. Follow the marks: each move shows what to look at.");
  await expect(lesson.locator(".info")).toHaveText(
    "Lesson one. Student 10k (Black) – Teacher 2d (White), White wins by resignation. Club lesson, 2026-11-28. Komi 6.5.",
  );
  await lesson.locator('button[data-nav="forward"]').click();
  await expect(lesson.locator(".comment")).toHaveText("Black takes the centre. Where should White answer, a or b?");
  // Move numbers: off here, on by the property (a boolean, as frameworks set it).
  await expect(lesson.locator("svg.goban g.move-numbers text")).toHaveCount(0);
  await lesson.evaluate((el) => {
    (el as HTMLElement & { moveNumbers: boolean }).moveNumbers = true;
  });
  await expect(lesson).toHaveAttribute("move-numbers", "");
  // At move 1 the triangle on E5 stands where the number would: the number gives way.
  await expect(lesson.locator("svg.goban g.markup [data-mark=TR][data-vertex=E5]")).toHaveCount(1);
  await expect(lesson.locator('svg.goban g.move-numbers text[data-vertex="E5"]')).toHaveCount(0);
  // The other board has them from its attribute, at move 2: 1 on E5; G7's circle hides its 2.
  const other = page.locator("go-board#try");
  await expect(other.locator('svg.goban g.move-numbers text[data-vertex="E5"]')).toHaveText("1");
  await expect(other.locator('svg.goban g.move-numbers text[data-vertex="G7"]')).toHaveCount(0);
  // At move 3 no sign stands on a stone: 1 on E5, 2 on G7, 3 on C3.
  await lesson.locator('button[data-nav="forward"]').click();
  await lesson.locator('button[data-nav="forward"]').click();
  await expect(lesson.locator('svg.goban g.move-numbers text[data-vertex="E5"]')).toHaveText("1");
  await expect(lesson.locator('svg.goban g.move-numbers text[data-vertex="G7"]')).toHaveText("2");
  await expect(lesson.locator('svg.goban g.move-numbers text[data-vertex="C3"]')).toHaveText("3");
  await lesson.locator('button[data-nav="first"]').click();
  await lesson.locator('button[data-nav="forward"]').click();
  // Coordinates: shown, then hidden by the boolean property.
  const coord = lesson.locator("svg.goban text.coord").first();
  await expect(coord).toBeVisible();
  await lesson.evaluate((el) => {
    (el as HTMLElement & { hideCoordinates: boolean }).hideCoordinates = true;
  });
  await expect(coord).toBeHidden();
  await lesson.evaluate((el) => {
    (el as HTMLElement & { hideCoordinates: boolean }).hideCoordinates = false;
  });
  await expect(coord).toBeVisible();
});

test("navigation by buttons, slider and keys; variations as letters and a list, chosen by click and key", async ({
  page,
}) => {
  await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  const navigations: number[] = [];
  await page.exposeFunction("navigated", (n: number) => navigations.push(n));
  await lesson.evaluate((el) =>
    el.addEventListener("navigate", (e) =>
      (window as unknown as { navigated: (n: number) => void }).navigated(
        (e as CustomEvent<{ moveNumber: number }>).detail.moveNumber,
      ),
    ),
  );
  await lesson.locator('button[data-nav="last"]').click();
  await expect(lesson).toHaveAttribute("data-move-number", "4");
  await expect(lesson.locator(".comment")).toContainText("The main line");
  await expect(lesson.locator(".nav .number")).toHaveText("4 / 4");
  await lesson.locator('button[data-nav="first"]').click();
  await expect(lesson).toHaveAttribute("data-move-number", "0");
  // The slider sets the move.
  await lesson.locator('.nav input[type="range"]').fill("3");
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  // At move 3 the record branches: letters on the board and a list.
  const letters = lesson.locator("svg.goban g.variations g.variation-mark");
  await expect(letters).toHaveCount(2);
  await expect(lesson.locator('svg.goban g.variation-mark[data-vertex="C7"] text')).toHaveText("A");
  await expect(lesson.locator('svg.goban g.variation-mark[data-vertex="G3"] text')).toHaveText("B");
  await expect(lesson.locator(".variations button")).toHaveText(["A: C7", "B: G3"]);
  // A click on the letter B follows the variation.
  await clickVertex(page, lesson.locator("svg.goban"), 6, 6);
  await expect(lesson).toHaveAttribute("data-move-number", "4");
  await expect(lesson.locator(".comment")).toHaveText("A variation: White attacks the lower side.");
  // Keys with the focus on the board: Left back, Up the other variation, Home, End (along the line followed).
  await lesson.locator("svg.goban").focus();
  await page.keyboard.press("ArrowUp");
  await expect(lesson.locator(".comment")).toContainText("The main line");
  await page.keyboard.press("ArrowDown");
  await expect(lesson.locator(".comment")).toContainText("A variation");
  await page.keyboard.press("ArrowLeft");
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  await page.keyboard.press("Home");
  await expect(lesson).toHaveAttribute("data-move-number", "0");
  await page.keyboard.press("End");
  await expect(lesson.locator(".comment")).toContainText("A variation");
  // The list's button A goes into the main line from move 3.
  await page.keyboard.press("ArrowLeft");
  await lesson.locator('.variations button[data-variation="0"]').click();
  await expect(lesson.locator(".comment")).toContainText("The main line");
  // The move attribute still sets the position.
  await lesson.evaluate((el) => el.setAttribute("move", "2"));
  await expect(lesson).toHaveAttribute("data-move-number", "2");
  expect(navigations.length).toBeGreaterThanOrEqual(12);
  expect(navigations.at(-1)).toBe(2);
});

test("touch: the navigation buttons and the variation letters answer taps", async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  for (let i = 0; i < 3; i++) await lesson.locator('button[data-nav="forward"]').tap();
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  const { px, py } = await pixelOf(lesson.locator("svg.goban"), 6, 6);
  // A tap on a letter previews it first, as every tap on the board does; the second tap follows it.
  await page.touchscreen.tap(px, py);
  await page.touchscreen.tap(px, py);
  await expect(lesson.locator(".comment")).toContainText("A variation");
  await lesson.locator('button[data-nav="back"]').tap();
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  expect(errors).toEqual([]);
  await context.close();
});

test("a student plays into the lesson and goes back to it", async ({ page }) => {
  await openLesson(page);
  const board = page.locator("go-board#try");
  await expect(board).toHaveAttribute("data-move-number", "2");
  const moves: string[] = [];
  await page.exposeFunction("moved", (m: string) => moves.push(m));
  await board.evaluate((el) =>
    el.addEventListener("move", (e) =>
      (window as unknown as { moved: (m: string) => void }).moved((e as CustomEvent<{ move: string }>).detail.move),
    ),
  );
  // Black's own move at D6 (the lesson has C3 here).
  await clickVertex(page, board.locator("svg.goban"), 3, 3);
  await expect(board).toHaveAttribute("data-move-number", "3");
  await expect(board.locator('svg.goban g.stones circle[data-vertex="D6"]')).toHaveAttribute("data-color", "black");
  const back = board.locator(".tools button", { hasText: "Back to the lesson" });
  await expect(back).toBeVisible();
  await back.click();
  await expect(board).toHaveAttribute("data-move-number", "2");
  await expect(board.locator('svg.goban g.stones circle[data-vertex="D6"]')).toHaveCount(0);
  await expect(back).toBeHidden();
  // The lesson's own line is intact: its next move is C3, with no variation of the student's.
  await board.locator('button[data-nav="forward"]').click();
  await expect(board.locator('svg.goban g.stones circle[data-vertex="C3"]')).toHaveAttribute("data-color", "black");
  await expect(board.locator(".comment")).toContainText("The arrow shows the extension");
  // Keyboard play: Shift+arrows move the cursor from the centre, Enter plays.
  await board.locator("svg.goban").focus();
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Enter");
  await expect(board.locator('svg.goban g.stones circle[data-vertex="E6"]')).toHaveAttribute("data-color", "white");
  expect(moves).toEqual(["D6", "E6"]);
});

test("a problem solved by the record's tree, a wrong answer refuted by it, and the answer shown", async ({ page }) => {
  await openLesson(page);
  const problem = page.locator("go-board#problem");
  const svg = problem.locator("svg.goban");
  await expect(problem).toHaveAttribute("data-problem", "open");
  await expect(problem.locator(".nav")).toBeHidden();
  // The wrong move A9: the record answers B9 and says so.
  await clickVertex(page, svg, 0, 0);
  await expect(problem).toHaveAttribute("data-problem", "failed");
  await expect(svg.locator('g.stones circle[data-vertex="B9"]')).toHaveAttribute("data-color", "white");
  await expect(problem.locator(".caption")).toHaveText("Wrong: the record refutes this move.");
  await expect(problem.locator(".comment")).toHaveText("Wrong: White makes two eyes.");
  // Try again, then the vital point B9.
  await problem.locator(".tools button", { hasText: "Try again" }).click();
  await expect(problem).toHaveAttribute("data-problem", "open");
  await expect(problem).toHaveAttribute("data-move-number", "0");
  await clickVertex(page, svg, 1, 0);
  await expect(problem).toHaveAttribute("data-problem", "solved");
  await expect(problem.locator(".caption")).toHaveText("Correct: the record's answer.");
  // Show the answer from a fresh start: the record's right line.
  await problem.locator(".tools button", { hasText: "Try again" }).click();
  await problem.locator(".tools button", { hasText: "Show the answer" }).click();
  await expect(svg.locator('g.stones circle[data-vertex="B9"]')).toHaveAttribute("data-color", "black");
  await expect(problem.locator(".caption")).toContainText("RIGHT: the vital point");
});

test("a problem off the record's tree: moku reads it, refutes the wrong move, confirms the kill", async ({ page }) => {
  await openLesson(page);
  const problem = page.locator("go-board#problem-moku");
  const svg = problem.locator("svg.goban");
  const decided: { state: string; text: string; by: string }[] = [];
  await page.exposeFunction("decided", (d: { state: string; text: string; by: string }) => decided.push(d));
  await problem.evaluate((el) =>
    el.addEventListener("problem", (e) =>
      (window as unknown as { decided: (d: unknown) => void }).decided((e as CustomEvent<unknown>).detail),
    ),
  );
  // A9 is wrong: moku, for White, plays the vital point B9 and the group lives.
  await clickVertex(page, svg, 0, 0);
  await expect(problem).toHaveAttribute("data-problem", "failed", { timeout: 15_000 });
  await expect(svg.locator('g.stones circle[data-vertex="B9"]')).toHaveAttribute("data-color", "white");
  await expect(problem.locator(".caption")).toHaveText("The group at D9 lives: wrong");
  // Show the answer: moku's reading names the vital point.
  await problem.locator(".tools button", { hasText: "Try again" }).click();
  await problem.locator(".tools button", { hasText: "Show the answer" }).click();
  await expect(problem.locator(".caption")).toHaveText("moku's reading: Black kills the group at D9 by playing B9.", {
    timeout: 15_000,
  });
  await expect(problem.locator('svg.goban g.markup [data-mark="TR"][data-vertex="B9"]')).toHaveCount(1);
  // B9 kills: moku's reading says the group is dead.
  await clickVertex(page, svg, 1, 0);
  await expect(problem).toHaveAttribute("data-problem", "solved", { timeout: 15_000 });
  await expect(problem.locator(".caption")).toHaveText("The group at D9 is dead: correct");
  expect(decided).toEqual([
    { state: "failed", text: "The group at D9 lives: wrong", by: "moku" },
    { state: "solved", text: "The group at D9 is dead: correct", by: "moku" },
  ]);
});

test("element conventions: boolean properties, state kept when moved, the author's aria-label, load and error events", async ({
  page,
}) => {
  await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  await lesson.locator('button[data-nav="forward"]').click();
  await lesson.locator('button[data-nav="forward"]').click();
  // The author's label stays on the element; the board's own is on its svg.
  await expect(lesson).toHaveAttribute("aria-label", "Lesson one: the centre");
  await expect(lesson.locator("svg.goban")).toHaveAttribute("aria-label", "Go board, 9 by 9, at move 2");
  // interactive = false (React's and Vue's way) removes the attribute.
  const state = await page.evaluate(() => {
    const el = document.querySelector("go-board#try") as HTMLElement & { interactive: boolean };
    const before = el.interactive;
    el.interactive = false;
    return { before, after: el.interactive, attribute: el.hasAttribute("interactive") };
  });
  expect(state).toEqual({ before: true, after: false, attribute: false });
  // Moved in the DOM: still at move 2 of its record.
  await page.evaluate(() => {
    const el = document.querySelector("go-board#lesson");
    const box = document.createElement("section");
    document.body.append(box);
    if (el) box.append(el);
  });
  await expect(page.locator("section > go-board#lesson")).toHaveAttribute("data-move-number", "2");
  await lesson.locator('button[data-nav="forward"]').click();
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  await expect(lesson.locator(".comment")).toContainText("The arrow shows the extension");
  // load and error events with their details.
  const details = await page.evaluate(async () => {
    const seen: { type: string; detail: unknown }[] = [];
    const el = document.createElement("go-board");
    for (const type of ["load", "error"])
      el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
    el.setAttribute("sgf", "(;SZ[9];B[ee];W[gc])");
    el.setAttribute("move", "last");
    document.body.append(el);
    await (el as HTMLElement & { ready: Promise<void> }).ready;
    el.setAttribute("sgf", "(;SZ[9];B[ee];W[ee])");
    await (el as HTMLElement & { ready: Promise<void> }).ready;
    return seen;
  });
  expect(details[0]).toEqual({ type: "load", detail: { size: 9, moveNumber: 2, moves: 2 } });
  // A record set while another is still loading (as a framework sets its props) is the one shown.
  const shown = await page.evaluate(async () => {
    const el = document.createElement("go-board") as HTMLElement & { ready: Promise<void>; sgf: string };
    el.sgf = "(;SZ[9];B[ee])";
    document.body.append(el);
    el.sgf = "(;SZ[13];B[dd];W[jj])";
    el.setAttribute("move", "last");
    await el.ready;
    return [el.shadowRoot?.querySelector("svg")?.dataset.size, el.dataset.moveNumber];
  });
  expect(shown).toEqual(["13", "2"]);
  // A record that breaks the rules at move 2 loads up to move 1, and says what was left out.
  expect(details[1]).toEqual({ type: "load", detail: { size: 9, moveNumber: 1, moves: 1 } });
  expect(details[2]?.type).toBe("error");
  expect((details[2]?.detail as { message: string } | undefined)?.message).toContain("move 2 (White E5) is illegal");
});

/** Boards whose records cannot be shown: not SGF, a file that is not there, and a problem with an illegal move. */
const BROKEN_PAGE = `<script type="module" src="../../dist/moku-board.js"></script>
<go-board id="not-sgf" sgf="(;SZ[9];B[ee]C[a comment B[] that ends early])"></go-board>
<go-board id="missing" sgf="no-such-lesson.sgf"></go-board>
<go-board id="problem" problem sgf="(;SZ[9];B[ee];W[ee])"></go-board>
<go-board id="illegal" sgf="(;SZ[13];B[gg];W[hh];B[jj];W[gg];B[kk])"></go-board>`;

test("a record that cannot be loaded shows its error and no buttons; a lesson that breaks the rules shows the moves before", async ({
  page,
}) => {
  await openHtml(page, "broken", BROKEN_PAGE);
  const expected: [string, string][] = [
    ["not-sgf", "has no upper-case letter"],
    ["missing", "no-such-lesson.sgf: 404"],
    ["problem", "move 2 (White E5) is illegal"],
  ];
  for (const [id, message] of expected) {
    const board = page.locator(`go-board#${id}`);
    await expect(board.locator(".caption.error")).toContainText(message);
    await expect(board.locator(".nav")).toBeHidden();
    await expect(board.locator(".tools")).toBeHidden();
    await expect(board.locator("div.variations")).toBeHidden();
    await expect(board.locator("button:visible")).toHaveCount(0);
  }
  // A lesson whose move 4 is on a stone: the three moves before it, and what was left out.
  const lesson = page.locator("go-board#illegal");
  await expect(lesson.locator(".caption.error")).toHaveText(
    "Shown up to where the record breaks the rules; the rest is left out. " +
      "Line 1, column 28: move 4 (White G7) is illegal: that point is already occupied.",
  );
  await expect(lesson.locator(".nav .number")).toHaveText("0 / 3");
  await lesson.locator('button[data-nav="last"]').click();
  await expect(lesson).toHaveAttribute("data-move-number", "3");
  await expect(lesson.locator(".caption")).toHaveText("Move 3: Black K4. Captures: Black 0, White 0.");
});

/** A site that has taken `go-board` for an element of its own, and registers the class again as `lesson-board`. */
const TAKEN_PAGE = `<script>customElements.define("go-board", class extends HTMLElement {});</script>
<script type="module">
import { defineGoBoard, registeredName } from "../../dist/moku-board.js";
defineGoBoard("lesson-board");
document.body.dataset.registered = registeredName;
</script>
<moku-board id="a" sgf="(;SZ[9];B[ee])" move="last"></moku-board>
<lesson-board id="b" sgf="(;SZ[9];B[cc];W[gg])" move="last"></lesson-board>`;

test("where go-board is taken, the element is moku-board or a name the site registers", async ({ page }) => {
  await openHtml(page, "taken", TAKEN_PAGE);
  await expect(page.locator("body")).toHaveAttribute("data-registered", "moku-board");
  await expect(page.locator("moku-board#a")).toHaveAttribute("data-move-number", "1");
  await expect(page.locator("lesson-board#b")).toHaveAttribute("data-move-number", "2");
});

test("at 390x844 the lesson fits the screen: board, buttons and comment inside the width", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors = await openLesson(page);
  const lesson = page.locator("go-board#lesson");
  await lesson.locator('button[data-nav="forward"]').click();
  for (const part of ["svg.goban", ".nav", ".comment", 'button[data-nav="last"]']) {
    const box = await lesson.locator(part).boundingBox();
    expect(box, part).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), part).toBeLessThanOrEqual(390);
    expect(box?.x ?? -1, part).toBeGreaterThanOrEqual(0);
  }
  // The board is at least 300 px wide: the stones stay big enough to tap.
  expect((await lesson.locator("svg.goban").boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lesson.screenshot({ path: "test-output/lesson-390x844.png" });
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * A lesson's branch whose comment names the author's labels: "1 or 2?" at
 * B4 and D4, the points where its two variations start (A is D4, B is B4).
 */
const LABELLED_BRANCH =
  "(;GM[1]FF[4]SZ[9]AB[cc][dc][ec][fd]AW[dd][ed][cd];B[de];W[ce];B[cf]LB[bf:1][df:2]" +
  "C[Keep chasing. Which is right, 1 or 2?](;W[df]C[White runs the wrong way.])(;W[bf]C[White escapes to the edge.]))";

test("the author's labels win over the variation letters; the buttons say which move is which", async ({ page }) => {
  const errors = pageErrors(page);
  await openHtml(
    page,
    "labelled",
    `<script type="module" src="../../dist/moku-board.js"></script>\n<go-board id="b" sgf="${LABELLED_BRANCH}" move="3"></go-board>`,
  );
  const b = page.locator("go-board#b");
  await expect(b).toHaveAttribute("data-move-number", "3");
  await expect(b.locator(".comment")).toHaveText("Keep chasing. Which is right, 1 or 2?");
  // The board shows the author's 1 and 2, and no letter over them (it drew "B" and "A" there).
  await expect(mark(b, "LB", "B4")).toHaveText("1");
  await expect(mark(b, "LB", "D4")).toHaveText("2");
  await expect(b.locator("svg.goban g.variations g.variation-mark")).toHaveCount(0);
  await expect(b.locator(".variations button")).toHaveText(["A: D4 (marked 2)", "B: B4 (marked 1)"]);
  await b.screenshot({ path: "test-output/lesson-labels-over-letters.png" });
  // A click on the 2 still follows its variation, A.
  await clickVertex(page, b.locator("svg.goban"), 3, 5);
  await expect(b).toHaveAttribute("data-move-number", "4");
  await expect(b.locator(".comment")).toHaveText("White runs the wrong way.");
  // The page draws the same.
  await page.goto("index.html");
  await page.waitForSelector("html[data-ready]");
  await page.locator("#sgf-box summary").click();
  await page
    .locator("#sgf-file")
    .setInputFiles({ name: "labelled.sgf", mimeType: "application/x-go-sgf", buffer: Buffer.from(LABELLED_BRANCH) });
  await expect(page.locator("#board svg.goban")).toHaveAttribute("data-size", "9");
  for (let i = 0; i < 3; i++) await page.locator("#next").click();
  await expect(page.locator("#comment")).toHaveText("Keep chasing. Which is right, 1 or 2?");
  await expect(page.locator('#board svg.goban g.markup [data-mark="LB"][data-vertex="D4"]')).toHaveText("2");
  await expect(page.locator("#board svg.goban g.variations g.variation-mark")).toHaveCount(0);
  await expect(page.locator("#variations button")).toHaveText([
    "A (main line): White D4 (marked 2)",
    "B: White B4 (marked 1)",
  ]);
  expect(errors).toEqual([]);
});

test("the page draws the same marks, comment and variation letters as the element", async ({ page }) => {
  const svg = await openSgf(page, "examples/embed/lesson.sgf", 9);
  await page.locator("#next").click();
  await expect(svg.locator('g.markup [data-mark="LB"][data-vertex="C7"]')).toHaveText("a");
  await expect(svg.locator('g.markup [data-mark="TR"][data-vertex="E5"]')).toHaveCount(1);
  await expect(page.locator("#comment")).toHaveText("Black takes the centre. Where should White answer, a or b?");
  await page.locator("#next").click();
  await page.locator("#next").click();
  await expect(svg.locator('g.markup [data-mark="AR"][data-vertex="C3"]')).toHaveAttribute("data-to", "C5");
  await expect(svg.locator('g.variations g.variation-mark[data-vertex="G3"] text')).toHaveText("B");
  await expect(page.locator("#variations button")).toHaveText(["A (main line): White C7", "B: White G3"]);
  // The new-game form's levels come from the engine's levels(): 1 to 10, 6 chosen.
  const level = page.locator('#new-game select[name="level"]');
  await expect(level.locator("option")).toHaveCount(10);
  await expect(level).toHaveValue("6");
  await expect(level.locator('option[value="6"]')).toHaveText("6: beats GNU Go level 10 on 9x9 (84.5%)");
});
