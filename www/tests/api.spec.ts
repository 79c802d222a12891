// The JS API in a real browser: vertex forms, errors that change nothing,
// positions and analysis, SGF navigation.

import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers.js";

type Moku = typeof import("../pkg/moku.js");
type Engine = typeof import("../src/engine/engine.js");

/** What `openApi` leaves on the page's `globalThis` for a test's `page.evaluate`. */
interface Api {
  /** `pkg/moku.js`, its wasm loaded. */
  moku: Moku;
  /** `dist/engine.js`: `EngineWorker`. */
  engine: Engine;
  /** What `f` throws, as "ClassName: message", or "no error". */
  refusal: (f: () => unknown) => string;
}

/**
 * Opens the bench page (it has no app of its own to get in the way) and loads the API into it (see `Api`); returns
 * the text of `fixture` (a file of `tests/fixtures`), or "" without one.
 */
async function openApi(page: Page, fixture?: string): Promise<string> {
  await page.goto("bench.html");
  await page.evaluate(async () => {
    const moku = (await import(new URL("/pkg/moku.js", location.href).href)) as Moku;
    const engine = (await import(new URL("/dist/engine.js", location.href).href)) as Engine;
    await moku.default({ module_or_path: "/pkg/moku_bg.wasm" });
    const refusal = (f: () => unknown): string => {
      try {
        f();
        return "no error";
      } catch (e) {
        return e instanceof Error ? `${e.constructor.name}: ${e.message}` : `not an Error: ${String(e)}`;
      }
    };
    Object.assign(globalThis, { moku, engine, refusal } satisfies Api);
  });
  return fixture ? readFileSync(`tests/fixtures/${fixture}`, "utf8") : "";
}

test("the Game API accepts both vertex forms and every refusal throws a clear Error and changes nothing", async ({
  page,
}) => {
  await openApi(page);
  const result = await page.evaluate(async () => {
    const { moku: m, refusal } = globalThis as unknown as Api;
    const out: Record<string, unknown> = {};
    // The message alone ("ClassName: " taken off).
    const err = (f: () => unknown): string => refusal(f).replace(/^\w+: /, "");
    const g = new m.Game({ size: 9, komi: 7, rules: "chinese" });
    g.play("E5");
    g.play({ x: 2, y: 6 });
    out.afterTwo = Array.from(g.board());
    out.toMove = g.toMove;
    const before = g.toSgf() + JSON.stringify(g.position());
    out.occupied = err(() => g.play("e5"));
    out.offBoard = err(() => g.play("K10"));
    out.offBoardXY = err(() => g.play({ x: 9, y: 0 }));
    out.malformed = err(() => g.play("hello"));
    out.notVertex = err(() => g.play(42 as unknown as string));
    out.fraction = err(() => g.play({ x: 1.5, y: 0 }));
    out.badVariation = err(() => g.chooseVariation(3));
    out.badMove = err(() => g.goToMove(99));
    out.unchanged = g.toSgf() + JSON.stringify(g.position()) === before;
    // The class says whose mistake it is: TypeError and RangeError for the
    // caller's arguments, Error for a move the rules refuse.
    const kind = (f: () => unknown): string => refusal(f).split(":")[0];
    out.kinds = [
      kind(() => g.play(42 as unknown as string)),
      kind(() => g.play({ x: 9, y: 0 })),
      kind(() => g.play("hello")),
      kind(() => g.play("e5")),
      kind(() => g.goToMove("1" as unknown as number)),
      kind(() => g.goToMove(99)),
      kind(() => new m.Game({ siz: 9 } as unknown as { size: number })),
      kind(() => new m.Game({ size: "9" as unknown as number })),
      kind(() => new m.Game({ size: 30 })),
      kind(() => m.Game.fromSgf(7 as unknown as string)),
      kind(() => m.Game.fromSgf("(;GM[1]SZ[9];B[ee")),
      kind(() => m.analyze({ size: 9 } as unknown as ReturnType<typeof g.position>)),
      kind(() =>
        m.analyze({
          ...g.position(),
          history: [
            { color: "black", move: "E5" },
            { color: "white", move: "E5" },
          ],
        }),
      ),
    ];
    out.sizeTypeMessage = err(() => new m.Game({ size: "9" as unknown as number }));
    out.badSize = err(() => new m.Game({ size: 30 }));
    out.badRules = err(() => new m.Game({ rules: "ing" as "japanese" }));
    out.badOption = err(() => new m.Game({ siz: 9 } as unknown as { size: number }));
    out.badSgf = err(() => m.Game.fromSgf("(;GM[1]SZ[9];B[ee"));
    out.undoAtStart = err(() => new m.Game().undo());
    const h = new m.Game({ size: 9, handicap: 3 });
    out.handicap = [Array.from(h.board()).filter((v) => v === 1).length, h.toMove, h.komi];
    out.badHandicap = err(() => new m.Game({ size: 8, handicap: 5 }));
    out.lastMove = g.lastMove;
    out.captures = g.captures;
    out.legalCount = g.legalMoves().length;
    const a = g.analyze();
    out.analysisBoardSame = Array.from(a.board).join() === Array.from(g.board()).join();
    out.analysisLegal = a.legal.reduce((s, v) => s + v, 0);
    out.analysisTypes = [
      a.board,
      a.legal,
      a.influence,
      a.blockIds,
      a.danger,
      a.dangerIds,
      a.scoreMap,
      a.potential,
      a.basins,
      a.areaIds,
    ].map((m) => `${m.constructor.name}(${m.length})`);
    out.lists = [
      Array.isArray(a.blocks),
      Array.isArray(a.dangers),
      Array.isArray(a.basinList),
      Array.isArray(a.weakPoints),
      Array.isArray(a.areas),
      Array.isArray(a.gaps),
      typeof a.score.margin,
    ];
    // The score map adds up to the estimate (no prisoners; komi to White).
    out.scoreAddsUp = Math.abs(a.scoreMap.reduce((s, v) => s + v, 0) - (a.score.margin + a.score.komi)) < 0.01;
    out.scoreResult = [a.score.scoring, a.score.komi, /^(B\+|W\+|0$)/.test(a.score.result)];
    const inner = (x: { areaIds: Int16Array }): number => x.areaIds.reduce((s, v) => s + (v !== 0 ? 1 : 0), 0);
    out.thresholdWidens = inner(g.analyze({ moyoThreshold: 12 })) >= inner(g.analyze({ moyoThreshold: 0 }));
    out.concave = g.analyze({ concaveFix: true }).potential.length;
    out.badThreshold = err(() => g.analyze({ moyoThreshold: -1 }));
    const c = g.moyoCompletion("G7");
    out.completion = [
      c.move,
      c.color,
      c.gain.black === c.after.black - c.before.black,
      c.gain.white === c.after.white - c.before.white,
    ];
    out.completionWhite = g.moyoCompletion({ x: 6, y: 2 }, "white").color;
    out.completionPass = err(() => g.moyoCompletion("pass"));
    out.completionOccupied = err(() => g.moyoCompletion("E5"));
    out.completionColor = err(() => g.moyoCompletion("G7", "green" as "black"));
    out.completionWorker = m.moyoCompletion(g.position(), "G7").after.black === c.after.black;
    out.blackStoneDots = a.influence[4 * 9 + 4];
    out.firstBlock = a.blocks[0] ? Object.keys(a.blocks[0]).sort() : [];
    const naive = g.analyze({ radiationModel: "naive-manhattan" });
    out.naiveDiffers = Array.from(naive.potential).join() !== Array.from(a.potential).join();
    out.badFunction = err(() => g.analyze({ radiationModel: "gauss" as "tables" }));
    const w = m.analyze(g.position());
    out.workerSame = Array.from(w.board).join() === Array.from(a.board).join() && w.hash === a.hash;
    const after = g.analyzeAfter("D4");
    out.afterMoveNumber = after.moveNumber;
    out.stillTwo = g.moveNumber;
    out.afterIllegal = err(() => g.analyzeAfter("E5"));
    g.pass();
    g.pass();
    out.isOver = g.isOver;
    out.score = g.score({ deadStones: ["C3"] }).result;
    out.scoreBad = err(() => g.score({ deadStones: ["D4"] }));
    g.undo();
    g.undo();
    out.variations = g.variations();
    g.redo();
    out.redoTo = g.moveNumber;
    return out;
  });
  const board = new Array(81).fill(0);
  board[4 * 9 + 4] = 1;
  board[6 * 9 + 2] = -1;
  expect(result.afterTwo).toEqual(board);
  expect(result.toMove).toBe("black");
  expect(result.occupied).toContain("that point is already occupied");
  expect(result.offBoard).toBe("K10 is off the 9x9 board");
  expect(result.offBoardXY).toBe("{x: 9, y: 0} is off the 9x9 board");
  expect(result.malformed).toContain("'hello' is not a board coordinate");
  expect(result.notVertex).toContain("a vertex must be GTP text");
  expect(result.fraction).toContain("whole numbers");
  expect(result.badVariation).toContain("no variation 3");
  expect(result.badMove).toContain("no move 99");
  expect(result.unchanged).toBe(true);
  expect(result.kinds).toEqual([
    "TypeError", // play(42)
    "RangeError", // {x: 9} on 9x9
    "RangeError", // "hello" names no point
    "Error", // E5 is occupied: the rules refuse it
    "TypeError", // goToMove("1")
    "RangeError", // no move 99
    "TypeError", // an unknown option
    "TypeError", // size "9"
    "RangeError", // size 30
    "TypeError", // fromSgf(7)
    "Error", // SGF that does not read
    "TypeError", // a position without komi, rules, toMove
    "RangeError", // a history replaying E5 on the occupied E5
  ]);
  expect(result.sizeTypeMessage).toBe('game options: size must be a number, not the string "9"');
  expect(result.badSize).toContain("the board size must be a whole number from 2 to 25");
  expect(result.badRules).toContain("unknown rules 'ing'");
  expect(result.badOption).toBe("game options have no field 'siz' (expected size, komi, rules, handicap)");
  expect(result.badSgf).toMatch(/SGF/);
  expect(result.undoAtStart).toBe("there is no move to undo");
  expect(result.handicap).toEqual([3, "white", 0.5]);
  expect(result.badHandicap).toBe("5 handicap stones is not possible on a 8x8 board (2 to 4)");
  expect(result.lastMove).toEqual({ color: "white", vertex: { x: 2, y: 6 }, gtp: "C3" });
  expect(result.captures).toEqual({ black: 0, white: 0 });
  expect(result.legalCount).toBe(79);
  expect(result.analysisBoardSame).toBe(true);
  expect(result.analysisLegal).toBe(79);
  expect(result.analysisTypes).toEqual([
    "Int8Array(81)",
    "Uint8Array(81)",
    "Int8Array(81)",
    "Uint16Array(81)",
    "Float32Array(81)",
    "Uint16Array(81)",
    "Float32Array(81)",
    "Int32Array(81)",
    "Int16Array(81)",
    "Int16Array(81)",
  ]);
  expect(result.lists).toEqual([true, true, true, true, true, true, "number"]);
  expect(result.scoreAddsUp).toBe(true);
  expect(result.scoreResult).toEqual(["area", 7, true]);
  expect(result.thresholdWidens).toBe(true);
  expect(result.concave).toBe(81);
  expect(result.badThreshold).toBe("analysis options: moyoThreshold must be a whole number from 0 to 100000, not -1");
  expect(result.completion).toEqual(["G7", "black", true, true]);
  expect(result.completionWhite).toBe("white");
  expect(result.completionPass).toBe("completion needs a point, not a pass");
  expect(result.completionOccupied).toContain("occupied");
  expect(result.completionColor).toContain("green");
  expect(result.completionWorker).toBe(true);
  expect(result.blackStoneDots).toBe(6);
  expect(result.firstBlock).toEqual(["anchor", "captives", "color", "danger", "id", "points", "stones"]);
  expect(result.naiveDiffers).toBe(true);
  expect(result.badFunction).toContain("unknown radiation model 'gauss'");
  expect(result.workerSame).toBe(true);
  expect(result.afterMoveNumber).toBe(3);
  expect(result.stillTwo).toBe(2);
  expect(result.afterIllegal).toContain("occupied");
  expect(result.isOver).toBe(true);
  expect(result.score).toBe("B+74");
  expect(result.scoreBad).toContain("there is no stone on D4");
  expect(result.variations).toEqual([{ index: 0, color: "black", vertex: null, gtp: "pass" }]);
  expect(result.redoTo).toBe(3);
});

test("an SGF record with variations can be navigated and played into", async ({ page }) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m } = globalThis as unknown as Api;
    const g = m.Game.fromSgf("(;GM[1]FF[4]SZ[9]C[root];B[ee];W[cc](;B[gg]C[main])(;B[gc]C[side]))");
    const out: Record<string, unknown> = { start: g.moveNumber, rootComment: g.comment };
    g.goToMove(2);
    out.vars = g.variations().map((v) => v.gtp);
    g.chooseVariation(1);
    out.side = [g.moveNumber, g.comment, g.lastMove?.gtp];
    g.previous();
    g.next();
    out.remembered = g.lastMove?.gtp;
    g.first();
    g.last();
    out.lastOfLine = [g.moveNumber, g.lastMove?.gtp];
    out.line = g.moves().map((x) => x.gtp);
    g.goToMove(1);
    g.play("C3"); // a new variation after move 1
    out.newVar = [g.moveNumber, g.lastMove?.gtp];
    g.previous();
    out.varsAfterPlay = g.variations().map((v) => v.gtp);
    out.sgfHasAll = ["B[ee]", "W[cc]", "B[gg]", "B[gc]", "W[cg]"].every((p) => g.toSgf().includes(p));
    return out;
  });
  expect(r.start).toBe(0);
  expect(r.rootComment).toBe("root");
  expect(r.vars).toEqual(["G3", "G7"]);
  expect(r.side).toEqual([3, "side", "G7"]);
  expect(r.remembered).toBe("G7");
  expect(r.lastOfLine).toEqual([3, "G7"]);
  expect(r.line).toEqual(["E5", "C7", "G7"]);
  expect(r.newVar).toEqual([2, "C3"]);
  expect(r.varsAfterPlay).toEqual(["C7", "C3"]);
  expect(r.sgfHasAll).toBe(true);
});

test("Game.fromSgfUntilFault opens a record up to the move before its first illegal one and names it; fromSgf refuses it", async ({
  page,
}) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m, refusal } = globalThis as unknown as Api;
    const text = "(;GM[1]SZ[9];B[ee];W[cc];B[gg];W[ee];B[cg])";
    const g = m.Game.fromSgfUntilFault(text);
    return {
      start: g.moveNumber,
      line: g.moves().map((x) => x.gtp),
      fault: g.fault,
      sgf: g.toSgf().replace(/\s/g, ""),
      whole: m.Game.fromSgfUntilFault("(;GM[1]SZ[9];B[ee])").fault ?? "none",
      strict: refusal(() => m.Game.fromSgf(text)),
      number: refusal(() => m.Game.fromSgfUntilFault(7 as unknown as string)),
      unreadable: refusal(() => m.Game.fromSgfUntilFault("(;GM[1]SZ[9];B[ee]")),
    };
  });
  expect(r.start).toBe(0);
  expect(r.line).toEqual(["E5", "C7", "G3"]);
  expect(r.fault).toBe("line 1, column 32: move 4 (White E5) is illegal: that point is already occupied");
  expect(r.sgf).toContain(";B[ee];W[cc];B[gg])");
  expect(r.sgf).not.toContain("B[cg]");
  expect(r.whole).toBe("none");
  expect(r.strict).toBe("Error: line 1, column 32: move 4 (White E5) is illegal: that point is already occupied");
  expect(r.number).toMatch(/^TypeError: /);
  expect(r.unreadable).toMatch(/^Error: /);
});

test("a record whose stones are set up after an empty root starts on the setup, where undo has nothing to take back; a root with a comment or stones is the start", async ({
  page,
}) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m } = globalThis as unknown as Api;
    // Black C7 and White G3 in the node after an empty root, then two moves (a lesson as Cgoban writes it).
    const lesson = m.Game.fromSgf("(;GM[1]SZ[9];AB[cc]AW[gg];B[ee];W[ef])");
    const atLoad = [
      lesson.moveNumber,
      lesson.board()[2 * 9 + 2],
      lesson.board()[6 * 9 + 6],
      lesson.lastMove?.gtp ?? null,
    ];
    lesson.last();
    lesson.first();
    const afterFirst = [lesson.moveNumber, lesson.board()[2 * 9 + 2], lesson.board()[6 * 9 + 6]];
    let undoAtStart = "";
    try {
      lesson.undo();
    } catch (e) {
      undoAtStart = (e as Error).message;
    }
    const afterUndo = [lesson.moveNumber, lesson.board()[2 * 9 + 2]];
    lesson.next();
    const moveOne = [lesson.moveNumber, lesson.lastMove?.gtp];
    lesson.undo();
    const undoneOne = [lesson.moveNumber, lesson.board()[2 * 9 + 2], lesson.board()[4 * 9 + 4]];
    // The root's comment introduces the lesson: the start stays on it.
    const spoken = m.Game.fromSgf("(;GM[1]SZ[9]C[Look at the corner.];AB[cc];B[ee])");
    const spokenStart = [spoken.comment, spoken.board().filter((x) => x !== 0).length];
    // Stones in the root (a handicap): the root is the start.
    const handicap = m.Game.fromSgf("(;GM[1]SZ[9]AB[cc][gg];AB[ce];W[ee])");
    const handicapStart = handicap.board().filter((x) => x !== 0).length;
    return { atLoad, afterFirst, undoAtStart, afterUndo, moveOne, undoneOne, spokenStart, handicapStart };
  });
  expect(r.atLoad).toEqual([0, 1, -1, null]);
  expect(r.afterFirst).toEqual([0, 1, -1]);
  // Nothing to take back before the first move: the setup stays (not the empty root).
  expect(r.undoAtStart).toBe("there is no move to undo");
  expect(r.afterUndo).toEqual([0, 1]);
  expect(r.moveOne).toEqual([1, "E5"]);
  expect(r.undoneOne).toEqual([0, 1, 0]);
  expect(r.spokenStart).toEqual(["Look at the corner.", 0]);
  expect(r.handicapStart).toBe(2);
});

test("two search workers' trees merge: twice the playouts, and a move one of them chose", async ({ page }) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m, engine: e } = globalThis as unknown as Api;
    const g = new m.Game({ size: 9, komi: 7, rules: "chinese" });
    for (const v of ["E5", "C3", "G7"]) g.play(v);
    // A generous time: the level's playout count ends each search, not the clock.
    const options = { level: 6, seed: 5, timeMs: 60_000 };
    const single = await new e.EngineWorker().genmove(g.position(), options);
    const helper = await new e.EngineWorker().genmove(g.position(), { ...options, seed: 5 + 7919 });
    const pair = new e.EngineWorker({ searchWorkers: 2 });
    const both = await pair.genmove(g.position(), options);
    const classic = await pair.genmove(g.position(), { level: 2 });
    let badOption = "no error";
    try {
      new e.EngineWorker({ searchWorkers: 0 });
    } catch (x) {
      badOption = `${(x as Error).name}: ${(x as Error).message}`;
    }
    const visits = (res: typeof single, move: string): number =>
      res.candidates.find((c) => c.move === move)?.visits ?? 0;
    return {
      playouts: [single.search?.playouts, helper.search?.playouts, both.search?.playouts],
      chosenBy: [single.move, helper.move].includes(both.move),
      mergedVisits: visits(both, both.move),
      summedVisits: visits(single, both.move) + visits(helper, both.move),
      classicSearch: classic.search,
      badOption,
    };
  });
  expect(r.playouts[2]).toBe((r.playouts[0] ?? 0) + (r.playouts[1] ?? 0));
  expect(r.playouts[0]).toBeGreaterThan(0);
  expect(r.chosenBy).toBe(true);
  expect(r.mergedVisits).toBe(r.summedVisits);
  expect(r.classicSearch).toBeNull();
  expect(r.badOption).toBe("RangeError: searchWorkers must be a whole number from 1 to 8, not 0");
});

test("EngineWorker answers analyze, genmove with reasons and whyNot in a worker, and cancels", async ({ page }) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m, engine: e } = globalThis as unknown as Api;
    const g = new m.Game({ size: 9 });
    g.play("E5");
    const engine = new e.EngineWorker();
    const a = await engine.analyze(g.position());
    const preview = await engine.analyze(g.position(), "D4");
    const out: Record<string, unknown> = {
      board: a.board[4 * 9 + 4],
      toMove: a.toMove,
      previewMove: preview.moveNumber,
      influence: a.influence.length,
    };
    out.illegal = await engine.analyze(g.position(), "E5").then(
      () => "no error",
      (x: Error) => x.message,
    );
    // White to move after E5: the classic level 1 and the tree level 6 both answer with a legal point and reasons.
    const classic = await engine.genmove(g.position(), { level: 1 });
    const tree = await engine.genmove(g.position(), { level: 6, seed: 3 });
    out.classic = {
      color: classic.color,
      level: classic.level,
      search: classic.search,
      reasons: classic.reasons.length,
    };
    out.tree = { level: tree.level, lastKind: tree.reasons.at(-1)?.kind, pv0: tree.search?.pv[0], move: tree.move };
    const legal = new Set(g.legalMoves().map((v: { x: number; y: number }) => `${v.x},${v.y}`));
    out.legal = [classic, tree].every((r) => r.vertex !== null && legal.has(`${r.vertex.x},${r.vertex.y}`));
    out.whyOccupied = (await engine.whyNot(g.position(), "E5")).verdict;
    out.whyChosen = (await engine.whyNot(g.position(), tree.move)).verdict;
    out.badLevel = await engine.genmove(g.position(), { level: 11 }).then(
      () => "no error",
      (x: Error) => `${x.name}: ${x.message}`,
    );
    out.badLevelType = await engine.genmove(g.position(), { level: "3" as unknown as number }).then(
      () => "no error",
      (x: Error) => x.name,
    );
    const pending = engine.analyze(g.position(), "C3");
    engine.cancel();
    out.cancelled = await pending.then(
      () => "no error",
      (x: Error) => x.name,
    );
    out.afterCancel = (await engine.analyze(g.position())).moveNumber;
    const broken = new e.EngineWorker({ wasmUrl: "/no/such.wasm" });
    out.badWasm = await broken.analyze(g.position()).then(
      () => "no error",
      (x: Error) => x.message,
    );
    return out;
  });
  // One expectation of the whole answer: a failure shows every field that differs.
  expect(r).toEqual({
    board: 1,
    toMove: "white",
    previewMove: 2,
    influence: 81,
    illegal: expect.stringContaining("occupied"),
    classic: { color: "white", level: 1, search: null, reasons: expect.any(Number) },
    tree: { level: 6, lastKind: "search", pv0: expect.any(String), move: expect.any(String) },
    legal: true,
    whyOccupied: "illegal",
    whyChosen: "chosen",
    // The worker keeps the class of the error: RangeError for a value out of range, TypeError for the wrong type.
    badLevel: "RangeError: level must be a whole number from 1 to 10, not 11",
    badLevelType: "TypeError",
    cancelled: "CancelledError",
    afterCancel: 1,
    badWasm: expect.stringMatching(/^could not load the engine from http:\/\/127\.0\.0\.1:\d+\/no\/such\.wasm: .*404/),
  });
  expect((r.classic as { reasons: number }).reasons).toBeGreaterThan(0);
  const tree = r.tree as { pv0: string; move: string };
  expect(tree.pv0).toBe(tree.move);
});

test("moku's words hold: a capture it names removes those stones; candidates' playouts add up", async ({ page }) => {
  await openApi(page);
  const r = await page.evaluate(async () => {
    const { moku: m, engine: e } = globalThis as unknown as Api;
    // Black's C5, D5 and E5 have one liberty, F5; White to move.
    const g = m.Game.fromSgf("(;SZ[9]KM[7]RU[Chinese]AB[ce][de][ee]AW[cd][dd][ed][cf][df][ef][be]PL[W])");
    g.last();
    const worker = new e.EngineWorker();
    const res = await worker.genmove(g.position(), { level: 6, seed: 3, timeMs: 60_000 });
    const before = Array.from(g.board());
    g.play(res.move);
    const after = Array.from(g.board());
    return { res, before, after };
  });
  const { res, before, after } = r;
  // The reason names a capture; the board says how many stones went, and that the stone it names was one of them.
  const capture = res.reasons.find((x) => x.kind === "capture");
  expect(capture, JSON.stringify(res.reasons)).toBeDefined();
  const said = /^captures (\d+|a) stones? at ([A-HJ])(\d)$/.exec(capture?.text ?? "");
  expect(said, capture?.text).not.toBeNull();
  const n = said?.[1] === "a" ? 1 : Number(said?.[1]);
  const removed = before.filter((v) => v === 1).length - after.filter((v) => v === 1).length;
  expect(removed).toBe(n);
  const x = "ABCDEFGHJ".indexOf(said?.[2] ?? "");
  const y = 9 - Number(said?.[3]);
  expect(before[y * 9 + x]).toBe(1);
  expect(after[y * 9 + x]).toBe(0);
  // The candidates' playouts: each move's own playouts within its visits, the chosen move's visits the search's,
  // and all the visits within the move's playouts (a fresh worker keeps no tree).
  const s = res.search;
  expect(s).not.toBeNull();
  const searched = res.candidates.filter((c) => c.visits !== null);
  expect(searched.length).toBeGreaterThan(0);
  for (const c of searched) expect(c.samples ?? 0).toBeLessThanOrEqual(c.visits ?? 0);
  expect(searched.find((c) => c.move === res.move)?.visits).toBe(s?.visits);
  const total = searched.reduce((sum, c) => sum + (c.visits ?? 0), 0);
  expect(total).toBeLessThanOrEqual(s?.playouts ?? 0);
  // The search's line says the same figures.
  const line = res.reasons.find((x) => x.kind === "search")?.text ?? "";
  expect(line).toContain(`(${(s?.visits ?? 0).toLocaleString("en")} visits`);
  expect(line).toMatch(/White leads by \d+\.\d points|White trails by \d+\.\d points|White is even on points/);
});

test("Game.markup reads the marks of the node shown, inherits DD and VW until cleared, and leaves out what SGF would not read", async ({
  page,
}) => {
  await openApi(page);
  const r = await page.evaluate(() => {
    const { moku: m } = globalThis as unknown as Api;
    const g = m.Game.fromSgf(
      "(;SZ[9]DD[aa:bb]VW[aa:ee]TR[zz][bb]LB[cc][dd:x]AR[aa:aa][aa:cc];B[ee]SQ[cb:db];W[cc]DD[]VW[])",
    );
    const root = g.markup;
    g.next();
    const one = g.markup;
    g.next();
    const two = g.markup;
    return { root, one, two, levels: m.levels(), info: m.Game.fromSgf("(;PB[Lee]BR[9p]RE[B+R]KM[6.5])").gameInfo };
  });
  // Root: the triangle off the board (zz on 9x9) and the label without ":" are left out, as is the arrow to itself.
  expect(r.root.triangles).toEqual([{ x: 1, y: 1 }]);
  expect(r.root.labels).toEqual([{ vertex: { x: 3, y: 3 }, text: "x" }]);
  expect(r.root.arrows).toEqual([{ from: { x: 0, y: 0 }, to: { x: 2, y: 2 } }]);
  // DD[aa:bb] is the 2x2 rectangle; VW[aa:ee] 5x5 points.
  expect(r.root.dimmed).toEqual([
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: 1, y: 1 },
  ]);
  expect(r.root.view?.length).toBe(25);
  // Move 1 inherits DD and VW; its own marks only (the root's triangle is gone).
  expect(r.one.dimmed.length).toBe(4);
  expect(r.one.view?.length).toBe(25);
  expect(r.one.triangles).toEqual([]);
  expect(r.one.squares).toEqual([
    { x: 2, y: 1 },
    { x: 3, y: 1 },
  ]);
  // Move 2 clears both with empty values.
  expect(r.two.dimmed).toEqual([]);
  expect(r.two.view ?? null).toBeNull();
  expect(r.levels).toEqual({ min: 1, max: 10, default: 6, treeFrom: 6, review: 3 });
  expect(r.info).toEqual({ black: "Lee", blackRank: "9p", result: "B+R", komi: "6.5" });
});

test("Game.analyzeStatic gives the static layers at once under statuses carried from an earlier analysis, every stone alive without", async ({
  page,
}) => {
  const sgf = await openApi(page, "dead-stone-9x9.sgf");
  const result = await page.evaluate((sgf) => {
    const { moku: m, refusal: kind } = globalThis as unknown as Api;
    const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => Array.from(a).join() === Array.from(b).join();
    const g = m.Game.fromSgf(sgf);
    const full = m.analyze(g.position());
    const neutral = g.analyzeStatic();
    const carried = g.analyzeStatic(null, full);
    // B8, the white stone inside Black's corner, is (1, 1): point 10.
    const B8 = 10;
    g.play("E5");
    const next = g.analyzeStatic({}, full);
    const small = m.Game.fromSgf("(;SZ[5];B[cc])");
    return {
      full: [full.groupStatus[B8], full.influence[B8] > 0],
      neutral: [neutral.groupStatus[B8], neutral.influence[B8] < 0, neutral.groups.length],
      // Given the full analysis's own statuses, the static layers are the full analysis's.
      carriedSame: [
        same(carried.groupStatus, full.groupStatus),
        same(carried.influence, full.influence),
        same(carried.danger, full.danger),
        same(carried.potential, full.potential),
        same(carried.areaIds, full.areaIds),
        same(carried.scoreMap, full.scoreMap),
        same(carried.regionIds, full.regionIds),
        JSON.stringify(carried.groups) === JSON.stringify(full.groups),
        carried.score.margin === full.score.margin,
        carried.moveNumber === full.moveNumber,
      ],
      // One move later: the dead stone is still dead, Black's new stone on E5 (4, 4) taken alive.
      next: [next.moveNumber, next.groupStatus[B8], next.groupStatus[4 * 9 + 4], next.groups.length],
      errors: [
        kind(() => small.analyzeStatic(null, full)),
        kind(() => g.analyzeStatic(null, 5 as unknown as typeof full)),
        kind(() => g.analyzeStatic(null, { ...full, groupStatus: new Int8Array(81).fill(9) })),
        kind(() => g.analyzeStatic(null, { ...full, board: [0] as unknown as Int8Array })),
        kind(() =>
          g.analyzeStatic(null, {
            ...full,
            groups: [
              { color: "white", stones: [{ x: 9, y: 0 }], state: "dead", attack: null, defense: null, basis: "read" },
            ],
          }),
        ),
      ],
      // A refused call leaves the module working.
      after: g.analyzeStatic(null, full).moveNumber,
    };
  }, sgf);
  expect(result.full).toEqual([3, true]);
  expect(result.neutral).toEqual([1, true, 0]);
  expect(result.carriedSame).toEqual([true, true, true, true, true, true, true, true, true, true]);
  // The three groups (Black's wall, the dead stone, White's wall) all stand.
  expect(result.next).toEqual([1, 3, 1, 3]);
  expect(result.errors).toEqual([
    "RangeError: the statuses: board and groupStatus must have 25 points each (the position's 5x5 board), not 81 and 81",
    "TypeError: the statuses must be an analysis (an object with board, groupStatus and groups), not the number 5",
    "RangeError: the statuses: groupStatus holds 9 (expected a StatusCode, 0 to 5)",
    expect.stringMatching(/^TypeError: the statuses: /),
    "RangeError: the statuses: a group's point {x: 9, y: 0} is off the 9x9 board",
  ]);
  expect(result.after).toBe(1);
});

test("selfCheck compares a position with the position after its clearly biggest move, and refuses bad input with a clear error", async ({
  page,
}) => {
  const sgf = await openApi(page, "review-13x13.sgf");
  const result = await page.evaluate((sgf) => {
    const { moku: m, refusal } = globalThis as unknown as Api;
    const g = m.Game.fromSgf(sgf);
    g.goToMove(3);
    const before = g.toSgf() + JSON.stringify(g.position());
    const r = m.selfCheck(g.position());
    return {
      r: { moveNumber: r.moveNumber, color: r.color, line: r.comparison?.line, reported: r.comparison?.reported },
      terms: r.comparison ? Object.keys(r.comparison.terms).sort() : [],
      sum: r.comparison
        ? Math.abs(
            r.comparison.terms.territory +
              r.comparison.terms.moyo +
              r.comparison.terms.stones +
              r.comparison.terms.dead +
              r.comparison.terms.prisoners -
              r.comparison.terms.danger -
              r.comparison.difference,
          ) < 1e-3
        : false,
      notPosition: refusal(() => m.selfCheck({ size: 13 } as unknown as ReturnType<typeof g.position>)),
      badThreshold: refusal(() => m.selfCheck(g.position(), { moyoThreshold: -1 })),
      badModel: refusal(() => m.selfCheck(g.position(), { radiationModel: "gauss" as "tables" })),
      unchanged: g.toSgf() + JSON.stringify(g.position()) === before,
      stillAnswers: m.selfCheck(g.position()).comparison?.line === r.comparison?.line,
    };
  }, sgf);
  // The line `moku_consistency www/tests/fixtures/review-13x13.sgf` prints for the position before move 4 (see
  // paper.spec.ts for the hand check).
  expect(result.r).toEqual({
    moveNumber: 4,
    color: "white",
    line: "position 4 W biggest H2 (10.5): -10.6 -> -19.5 (-8.9); territory -5.0 moyo -2.9 stones -1.0 dead +0.0 prisoners +0.0 danger +0.0",
    reported: true,
  });
  expect(result.terms).toEqual(["danger", "dead", "moyo", "prisoners", "stones", "territory"]);
  expect(result.sum).toBe(true);
  expect(result.notPosition).toMatch(/^TypeError: .*position/);
  expect(result.badThreshold).toBe(
    "RangeError: analysis options: moyoThreshold must be a whole number from 0 to 100000, not -1",
  );
  expect(result.badModel).toContain("unknown radiation model 'gauss'");
  expect(result.unchanged).toBe(true);
  expect(result.stillAnswers).toBe(true);
});
