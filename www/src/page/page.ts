// The demo page's own elements and its messages: the one place that
// looks elements up by id and writes the status and error lines.

/** Looks up an element that the page's HTML must have. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** The message of a thrown value. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Shows an error (an illegal move, a bad file) under the board. */
export function showError(text: string): void {
  const m = $("message");
  m.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  m.classList.add("error");
}

/** Clears the error line. */
export function clearMessage(): void {
  const m = $("message");
  m.textContent = "";
  m.classList.remove("error");
  delete m.dataset.kind;
}

/**
 * The status line after opening a record (`source` names it: a file name,
 * "the pasted SGF") of `moves` moves on its main line. A record of a
 * position alone (setup stones, no moves) has nothing to step through.
 */
export function openedText(source: string, moves: number): string {
  if (moves === 0) return `Opened ${source}: a position with no moves.`;
  return `Opened ${source}: ${moves} move${moves === 1 ? "" : "s"}. Use the arrows to step through it.`;
}

/**
 * The error line when a record opened only up to a fault of its main line
 * (`fault`: the error of the first node left out, from the engine).
 */
export function leftOutText(source: string, fault: string): string {
  const why = fault.charAt(0).toUpperCase() + fault.slice(1);
  return `Shown up to where ${source} breaks the rules; the rest is left out, and saving keeps only what is shown. ${why}.`;
}

/** The status line when a record could not be opened: the error line says why; the game shown is the one before. */
export function notOpenedText(source: string): string {
  return `Could not open ${source}: the board still shows the game from before.`;
}

/** Says `text` in the status line (a live region: screen readers read it). */
export function announce(text: string): void {
  $("status").textContent = text;
}

/** Says where the keyboard cursor is, in a live region of its own so that it never overwrites the status line. */
export function announceCursor(text: string): void {
  $("cursor-status").textContent = text;
}

/**
 * A long job over a record's positions, one engine call at a time, shown in
 * its box (`review`, `selfcheck`): `#PREFIX-box` with a `#PREFIX-progress`
 * bar, a `#PREFIX-stop` button and a `#PREFIX-summary` line.
 */
export class ProgressJob<T> {
  /** The results so far, in the steps' order. */
  results: T[] = [];
  private running = false;
  private stopAsked = false;

  constructor(private readonly prefix: string) {
    $(`${prefix}-stop`).addEventListener("click", () => this.stop());
  }

  /** Whether the job is running. */
  get busy(): boolean {
    return this.running;
  }

  /** Whether the last run was asked to stop. */
  get stopped(): boolean {
    return this.stopAsked;
  }

  /** Asks a running job to stop after the step in hand. */
  stop(): void {
    this.stopAsked = true;
  }

  /** Stops the job and forgets its results. */
  reset(): void {
    this.stop();
    this.results = [];
  }

  /**
   * Runs `each` over `steps` in turn (nothing when already running), with
   * `text` in the box while it runs and `onResult` after each result; at the
   * end the box says "done" or "stopped" and `summary()`.
   */
  async run<S>(
    steps: readonly S[],
    text: string,
    each: (step: S) => Promise<T>,
    onResult: (result: T) => void,
    summary: () => string,
  ): Promise<void> {
    if (this.running) return;
    this.results = [];
    this.running = true;
    this.stopAsked = false;
    const box = $(`${this.prefix}-box`);
    box.hidden = false;
    box.dataset.state = "running";
    const bar = $<HTMLProgressElement>(`${this.prefix}-progress`);
    bar.max = Math.max(steps.length, 1);
    bar.value = 0;
    $(`${this.prefix}-stop`).hidden = false;
    $(`${this.prefix}-summary`).textContent = text;
    try {
      for (const step of steps) {
        if (this.stopAsked) break;
        const r = await each(step);
        this.results.push(r);
        bar.value = this.results.length;
        onResult(r);
      }
    } finally {
      this.running = false;
      $(`${this.prefix}-stop`).hidden = true;
      box.dataset.state = this.results.length === steps.length ? "done" : "stopped";
      $(`${this.prefix}-summary`).textContent = summary();
    }
  }
}
