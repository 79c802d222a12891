// The evaluation's self-check on the page, beside the review: at every
// position of the record's main line the worker compares the estimate
// with the estimate after the position's clearly biggest move (the
// thermography notes' rule, `selfCheck` in the API, `moku_consistency` in
// GTP), one position at a time (a progress bar, a stop button); the
// positions whose two estimates differ by more than 0.6 point are listed
// with the move, the difference and each term's change, each a button
// that goes to the position.

import type { AnalyzeOptions, Comparison, Position, SelfCheckResult } from "../../pkg/moku.js";
import type { EngineWorker } from "../engine/engine.js";
import { colorName } from "../view/text-board.js";
import { $, ProgressJob } from "./page.js";
import { reviewSteps } from "./review.js";

/** The notes' limit, as the API applies it (`reported`): a difference over this, in points, is an inconsistency. */
export const NOTES_LIMIT = 0.6;

/** A margin, Black positive, as a score: `"B+14.0"`, `"W+17.6"`, `"even"`. */
export function marginText(m: number): string {
  const r = Math.round(m * 10) / 10;
  return r > 0 ? `B+${r.toFixed(1)}` : r < 0 ? `W+${(-r).toFixed(1)}` : "even";
}

/** A change with its sign, one decimal: `"+15.0"`, `"\u22120.2"`. */
export function signed(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r > 0 ? `+${r.toFixed(1)}` : r < 0 ? `\u2212${(-r).toFixed(1)}` : "0.0";
}

/** The terms in the order GTP lists them, with their names for people. */
const TERMS = [
  ["territory", "territory"],
  ["moyo", "moyo"],
  ["stones", "stones"],
  ["dead", "dead stones"],
  ["prisoners", "prisoners"],
  ["danger", "danger"],
] as const;

/**
 * Each term's change in words, Black's minus White's, those that moved
 * (0.0 after rounding left out): `"territory +15.0, moyo +2.4, dead stones
 * +14.0, danger −0.2"`. Danger is what the groups' owners lose: its
 * change counts against Black.
 */
export function termsText(c: Pick<Comparison, "terms">): string {
  const moved = TERMS.filter(([k]) => Math.round(c.terms[k] * 10) !== 0).map(
    ([k, name]) => `${name} ${signed(c.terms[k])}`,
  );
  return moved.length ? moved.join(", ") : "no term moved";
}

/**
 * One reported position in words: `"Move 21, Black to play: the biggest
 * move F5 (3.0 points) takes the estimate from W+17.6 to B+14.0, +31.6
 * for Black. Territory +15.0, ..."`.
 */
export function entryText(r: Pick<SelfCheckResult, "moveNumber" | "color">, c: Comparison): string {
  const terms = termsText(c);
  return `Move ${r.moveNumber}, ${colorName(r.color)} to play: the biggest move ${c.biggestText} (${c.value.toFixed(1)} points) takes the estimate from ${marginText(c.before)} to ${marginText(c.after)}, ${signed(c.difference)} for Black. ${terms.charAt(0).toUpperCase()}${terms.slice(1)}.`;
}

/** The summary: how many positions were checked, compared and reported. */
export function summaryText(results: readonly SelfCheckResult[], of: number, stopped: boolean): string {
  const compared = results.filter((r) => r.comparison).length;
  const reported = results.filter((r) => r.comparison?.reported).length;
  const head = stopped
    ? `Stopped after ${results.length} of ${of} positions`
    : `${results.length} position${results.length === 1 ? "" : "s"} checked`;
  const tail =
    reported === 0
      ? "none differs by more than 0.6 point from the estimate after it"
      : `${reported} differ${reported === 1 ? "s" : ""} by more than 0.6 point from the estimate after it (listed: click one to go there)`;
  return `${head}: ${compared} with one clearly biggest move; ${tail}.`;
}

/** The self-check panel. */
export class SelfCheckPanel {
  private readonly job = new ProgressJob<SelfCheckResult>("selfcheck");

  constructor(
    private readonly engine: EngineWorker,
    /** Goes to the position before move `n` (the position checked). */
    private readonly jump: (moveNumber: number) => void,
  ) {}

  /** Whether a check is running. */
  get busy(): boolean {
    return this.job.busy;
  }

  /** Checks every position of the main line ending in `final`; resolves when done or stopped. */
  async run(final: Position, options: AnalyzeOptions): Promise<void> {
    if (this.job.busy) return;
    const steps = reviewSteps(final);
    $("selfcheck-list").replaceChildren();
    await this.job.run(
      steps,
      `Checking ${steps.length} positions…`,
      (step) => this.engine.selfCheck(step.position, options),
      (r) => {
        if (r.comparison?.reported) this.list(r, r.comparison);
      },
      () => summaryText(this.job.results, steps.length, this.job.stopped),
    );
  }

  /** Forgets the check (a new game or record). */
  reset(): void {
    this.job.reset();
    $("selfcheck-box").hidden = true;
    $("selfcheck-list").replaceChildren();
  }

  /** Marks the entry of the position shown (move number `n` played so far: the position before move `n + 1`). */
  positionChanged(n: number): void {
    for (const b of $("selfcheck-list").querySelectorAll<HTMLButtonElement>("button[data-move]"))
      b.setAttribute("aria-current", String(Number(b.dataset.move) === n + 1));
  }

  /** Adds a reported position to the list: a button that goes there, the GTP line in its tooltip. */
  private list(r: SelfCheckResult, c: Comparison): void {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "selfcheck-entry";
    b.dataset.move = String(r.moveNumber);
    b.dataset.line = c.line;
    b.textContent = entryText(r, c);
    b.title = `Go to this position. As moku_consistency writes it: ${c.line}`;
    b.addEventListener("click", () => this.jump(r.moveNumber));
    li.appendChild(b);
    $("selfcheck-list").appendChild(li);
  }
}
