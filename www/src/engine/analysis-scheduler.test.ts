// The analysis scheduler's logic, with a worker whose answers the test
// gives by hand and a page whose static analysis says what statuses it
// was given to carry: which
// analysis is drawn when, with which statuses, and what the worker is
// asked next.

import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Analysis, Position, Vertex, VertexInput } from "../../pkg/moku.js";
import { AnalysisScheduler, type Statuses } from "./analysis-scheduler.js";
import { CancelledError } from "./engine.js";

/** The analyses of this test: the move number and board size, and what made them. */
interface FakeAnalysis {
  moveNumber: number;
  size: number;
  /** `"static"`: `analyzeStatic`'s, with the move number of the analysis carried (null: none); `"read"`: the worker's. */
  made: "static" | "read";
  carriedFrom?: number | null;
  /** For the worker's: the move previewed, if any. */
  after?: VertexInput | null;
}

/** One draw of the overlays. */
interface Drawn {
  analysis: FakeAnalysis | null;
  statuses: Statuses;
  base: FakeAnalysis | null;
}

/** A request to the worker, answered by the test. */
interface Asked {
  moveNumber: number;
  after: VertexInput | null;
  answer(): Promise<void>;
  fail(e: Error): Promise<void>;
}

/** Lets the scheduler's promise callbacks run. */
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Waits `ms` milliseconds. */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A page showing move `move` of a 19x19 game, with a worker answered by
 * hand; `stepPauseMs` as the scheduler takes it (0: every position asked
 * for at once, however quick the steps).
 */
class Page {
  move = 0;
  readonly size = 19;
  /** Whether an overlay is on: the page wants static layers only then. */
  overlaysOn = true;
  target: Vertex | null = null;
  readonly drawn: Drawn[] = [];
  readonly analysed: number[] = [];
  readonly asked: Asked[] = [];
  readonly scheduler: AnalysisScheduler;

  constructor(stepPauseMs = 0) {
    const engine = {
      analyze: (position: Position, after: VertexInput | null = null): Promise<Analysis> =>
        new Promise<Analysis>((resolve, reject) => {
          const moveNumber = position.history?.length ?? 0;
          const a: FakeAnalysis = { moveNumber, size: position.size, made: "read", after };
          this.asked.push({
            moveNumber,
            after,
            answer: () => {
              resolve(a as unknown as Analysis);
              return settle();
            },
            fail: (e) => {
              reject(e);
              return settle();
            },
          });
        }),
    };
    this.scheduler = new AnalysisScheduler(
      engine,
      {
        position: () => this.position(),
        options: () => ({}),
        staticAnalysis: (statuses) => {
          if (!this.overlaysOn) return null;
          const carried = statuses as unknown as FakeAnalysis | null;
          const a: FakeAnalysis = {
            moveNumber: this.move,
            size: this.size,
            made: "static",
            carriedFrom: carried?.moveNumber ?? null,
          };
          return a as unknown as Analysis;
        },
        previewTarget: () => this.target,
        draw: (analysis, statuses, base) =>
          this.drawn.push({
            analysis: analysis as unknown as FakeAnalysis | null,
            statuses,
            base: (base ?? null) as unknown as FakeAnalysis | null,
          }),
        analysed: (a) => this.analysed.push(a.moveNumber),
      },
      stepPauseMs,
    );
  }

  /** The position shown: its history is `move` passes. */
  position(): Position {
    return {
      size: this.size,
      komi: 6.5,
      rules: "japanese",
      toMove: this.move % 2 === 0 ? "black" : "white",
      history: Array.from({ length: this.move }, (_, i) => ({ color: i % 2 === 0 ? "black" : "white", move: "pass" })),
    };
  }

  /** Goes to move `n`, as the page does (the scheduler hears of it), and says what is drawn at once. */
  goTo(n: number): string {
    this.move = n;
    this.scheduler.positionChanged();
    return this.last;
  }

  /** Answers the worker's request `i` (in the order asked) and says what is drawn then. */
  async answer(i: number): Promise<string> {
    await this.asked[i]?.answer();
    return this.last;
  }

  /** The last draw, in a few words: "5 static from 3 (carried)", "5 read (read)", "5 read after (3, 15) (read) over 5". */
  get last(): string {
    const d = this.drawn.at(-1);
    return d ? say(d) : "nothing";
  }

  /** The move numbers asked of the worker so far, in order. */
  get askedMoves(): number[] {
    return this.asked.map((a) => a.moveNumber);
  }
}

function say(d: Drawn): string {
  const a = d.analysis;
  if (!a) return `blank (${d.statuses})`;
  const what =
    a.made === "static"
      ? `${a.moveNumber} static from ${a.carriedFrom ?? "none"}`
      : `${a.moveNumber} read${a.after ? ` after ${typeof a.after === "string" ? a.after : `(${a.after.x}, ${a.after.y})`}` : ""}`;
  const base = d.base ? ` over ${d.base.moveNumber}` : "";
  return `${what} (${d.statuses})${base}`;
}

test("every position shown is drawn at once from its static layers; the worker reads one at a time, the newest next", async () => {
  const p = new Page();
  assert.equal(p.goTo(1), "1 static from none (carried)");
  assert.deepEqual(p.askedMoves, [1]);
  // Four quick steps while move 1 is read: each drawn at once, none asked.
  for (const n of [2, 3, 4, 5]) assert.equal(p.goTo(n), `${n} static from none (carried)`);
  assert.deepEqual(p.askedMoves, [1]);
  // Move 1's statuses come late: not drawn; move 5 is asked, 2 to 4 never.
  assert.equal(await p.answer(0), "5 static from none (carried)");
  assert.deepEqual([p.askedMoves, p.analysed], [[1, 5], []]);
  // Move 5's arrive while it is shown: drawn over the static layers.
  assert.equal(await p.answer(1), "5 read (read)");
  assert.deepEqual(p.analysed, [5]);
  // Nothing was ever drawn blank.
  assert.deepEqual(
    p.drawn.filter((d) => d.analysis === null),
    [],
  );
});

test("the statuses read are carried into the next positions' static layers, a late answer's too", async () => {
  const p = new Page();
  p.goTo(1);
  await p.answer(0);
  assert.deepEqual([p.goTo(2), p.goTo(3)], ["2 static from 1 (carried)", "3 static from 1 (carried)"]);
  // Move 2's statuses arrive when 3 is shown: not drawn, but the newest read.
  assert.equal(await p.answer(1), "3 static from 1 (carried)");
  assert.equal(p.goTo(4), "4 static from 2 (carried)");
  // Redrawing (an overlay switched on) draws the position's own analysis again.
  p.scheduler.redraw();
  assert.deepEqual([p.last, p.askedMoves], ["4 static from 2 (carried)", [1, 2, 3]]);
});

test("another game carries nothing of the last one, not even a late answer", async () => {
  const p = new Page();
  p.goTo(1);
  await p.answer(0);
  p.goTo(2);
  p.scheduler.gameChanged();
  assert.equal(p.goTo(0), "0 static from none (carried)");
  // The old game's move 2 arrives: not carried into the new game.
  await p.answer(1);
  assert.deepEqual(p.askedMoves, [1, 2, 0]);
  assert.equal(p.goTo(1), "1 static from none (carried)");
  // The new game's own statuses are.
  await p.answer(2);
  assert.equal(p.goTo(2), "2 static from 0 (carried)");
});

test("a failed or cancelled reading still asks for the newest position next", async () => {
  const p = new Page();
  const warn = console.warn;
  const warned: unknown[] = [];
  console.warn = (...args: unknown[]) => warned.push(args);
  try {
    p.goTo(1);
    p.goTo(2);
    await p.asked[0]?.fail(new CancelledError());
    assert.deepEqual(p.askedMoves, [1, 2]);
    p.goTo(3);
    await p.asked[1]?.fail(new Error("the worker failed"));
    assert.deepEqual(p.askedMoves, [1, 2, 3]);
    // A cancellation is no failure; the other is logged.
    assert.equal(warned.length, 1);
    assert.equal(p.last, "3 static from none (carried)");
  } finally {
    console.warn = warn;
  }
});

test("a hover preview draws over the position's own layers, its base, which come back when the pointer leaves", async () => {
  const p = new Page();
  p.goTo(4);
  p.target = { x: 3, y: 15 };
  p.scheduler.preview();
  assert.deepEqual(
    p.asked.map((a) => [a.moveNumber, a.after]),
    [
      [4, null],
      [4, { x: 3, y: 15 }],
    ],
  );
  assert.equal(await p.answer(1), "4 read after (3, 15) (read) over 4");
  assert.equal(p.drawn.at(-1)?.base?.made, "static");
  // The position's statuses arrive under the preview: kept for later, not drawn over it.
  const before = p.drawn.length;
  await p.answer(0);
  assert.deepEqual([p.drawn.length, p.analysed], [before, [4]]);
  p.target = null;
  p.scheduler.preview();
  assert.equal(p.last, "4 read (read)");
});

test("no static layers while no overlay is on; switching one on draws them at once, with the statuses read", async () => {
  const p = new Page();
  p.overlaysOn = false;
  assert.equal(p.goTo(1), "blank (carried)");
  assert.equal(await p.answer(0), "1 read (read)");
  assert.equal(p.goTo(2), "blank (carried)");
  p.overlaysOn = true;
  p.scheduler.redraw();
  assert.equal(p.last, "2 static from 1 (carried)");
});

test("a run of quick steps is not read: the reading waits for the run to pause, then reads the last position", async () => {
  const p = new Page(50);
  // The first step after a quiet spell is asked for at once.
  p.goTo(1);
  assert.deepEqual(p.askedMoves, [1]);
  // Four steps in a row, each at once after the last: drawn, not asked.
  for (const n of [2, 3, 4, 5]) assert.equal(p.goTo(n), `${n} static from none (carried)`);
  // Move 1's reading ends inside the run: nothing is asked while it lasts.
  assert.equal(await p.answer(0), "5 static from none (carried)");
  assert.deepEqual(p.askedMoves, [1]);
  // The run pauses: the last position, and only it, is asked for.
  await sleep(150);
  assert.deepEqual(p.askedMoves, [1, 5]);
  assert.equal(await p.answer(1), "5 read (read)");
  // A step after the pause is asked for at once again.
  p.goTo(6);
  assert.deepEqual(p.askedMoves, [1, 5, 6]);
  // A run that starts while a reading is in flight: the pause asks for the newest once that reading ends.
  p.goTo(7);
  p.goTo(8);
  await sleep(150);
  assert.deepEqual(p.askedMoves, [1, 5, 6]);
  await p.answer(2);
  assert.deepEqual(p.askedMoves, [1, 5, 6, 8]);
});
