// Analysis scheduling, in two speeds. The static layers (influence, blocks,
// danger, potential and moyo, the score, the endgame regions) are computed
// on the page's own thread for every position shown while an overlay is
// on, at once (`Game.analyzeStatic`: a few milliseconds on 19x19), under
// the life-and-death statuses of the last position read, carried to the
// stones still on the board. The statuses themselves are read in the engine worker (the full
// `analyze`: a tenth of a second to a second on 19x19), at most one
// position at a time: a position shown meanwhile waits, and only the
// newest one is asked for when the worker answers — stepping through a
// record as fast as the keys repeat never queues a backlog of stale
// positions. When the statuses arrive for the position still shown they
// are drawn over the static layers; until then the overlays keep the
// carried ones, marked as such, so nothing blanks between two readings.
// Positions shown in a run of quick steps (a key held down, a button
// pressed fast) are not read at all: the reading waits for the run to
// pause, so that the one in flight when the steps stop is not a position
// passed by, and the last position's statuses come a pause and one
// reading after the last step. While the pointer is over a legal point,
// the hover preview (the analysis after a move there) is asked for the
// same way. Answers for a position that is gone are not drawn.

import type { Analysis, AnalyzeOptions, Position, Vertex } from "../../pkg/moku.js";
import { CancelledError, type EngineWorker } from "./engine.js";

/**
 * Where the life-and-death statuses of an analysis drawn come from:
 * `"read"` for its own position (or, in a hover preview, for the position
 * it previews from), `"carried"` from an earlier position while this one's
 * reading is on its way.
 */
export type Statuses = "read" | "carried";

/** What the scheduler needs from the page. */
export interface AnalysisSource {
  /** The position shown now. */
  position(): Position;
  /** The analysis settings chosen in the overlay panel. */
  options(): AnalyzeOptions;
  /**
   * The static layers of the position shown with those settings, under
   * the statuses carried from `statuses` (`Game.analyzeStatic`); `null`
   * while no overlay would draw them.
   */
  staticAnalysis(statuses: Analysis | null): Analysis | null;
  /** The point to preview a move at: the hovered point when it is legal and an overlay is on, else `null`. */
  previewTarget(): Vertex | null;
  /**
   * Draws the overlays of `analysis` (`null`: none), whose statuses are
   * `statuses`; for a hover preview, `base` is the analysis of the
   * position shown.
   */
  draw(analysis: Analysis | null, statuses: Statuses, base?: Analysis | null): void;
  /** The full analysis of a new position arrived (the overlays are drawn apart). */
  analysed(analysis: Analysis): void;
}

/**
 * Position changes closer together than this are a run of steps, and the
 * reading waits until none has come for this long. A held key repeats
 * every 30 to 50 ms and Playwright's key presses come 5 to 30 ms apart;
 * a reader stepping by hand rarely clicks faster than every 200 ms, and
 * then every position is asked for at once.
 */
export const STEP_PAUSE_MS = 120;

/** The performance mark made each time the full analysis of a position is asked of the worker. */
export const ANALYSIS_ASKED_MARK = "moku-analysis-asked";

/** One kind of request to the worker: whether one is in flight, and whether a newer one waits for it. */
interface Gate {
  busy: boolean;
  wanted: boolean;
}

export class AnalysisScheduler {
  /** Bumped on every change of position, so late worker answers are not drawn. */
  private generation = 0;
  /** Bumped when another game is shown: the last one's statuses are not carried into it. */
  private game = 0;
  /** What the overlays of the position shown draw (a hover preview aside), once computed or arrived. */
  private shown: { analysis: Analysis; statuses: Statuses } | null = null;
  /** The newest full analysis of this game, whatever position it was of: the statuses carried. */
  private carry: Analysis | null = null;
  /** Whether the overlays show a hover preview rather than the position. */
  private previewShown = false;
  /** The position analysis in flight, and whether a newer position waits for it. */
  private readonly positionGate: Gate = { busy: false, wanted: false };
  /** The preview in flight, and whether a newer hover waits for it. */
  private readonly previewGate: Gate = { busy: false, wanted: false };
  /** When the position last changed (`performance.now()`). */
  private lastChange = Number.NEGATIVE_INFINITY;
  /** The timer that asks for the position shown once a run of steps pauses. */
  private pauseTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * `stepPauseMs`: changes closer together than this are a run of steps
   * (default {@link STEP_PAUSE_MS}; `0` asks for every position at once).
   */
  constructor(
    private readonly engine: Pick<EngineWorker, "analyze">,
    private readonly page: AnalysisSource,
    private readonly stepPauseMs: number = STEP_PAUSE_MS,
  ) {}

  /** A token for the position shown now: {@link isCurrent} says whether it is still shown. */
  get token(): number {
    return this.generation;
  }

  /** Whether the position of `token` is still the one shown. */
  isCurrent(token: number): boolean {
    return token === this.generation;
  }

  /**
   * Another game is shown (a new game, another record, perhaps of another
   * size): the statuses read in the last one are not carried into its
   * positions. Call it before {@link positionChanged}.
   */
  gameChanged(): void {
    this.game++;
    this.carry = null;
  }

  /**
   * The position changed: draws its static layers now and asks for its
   * full analysis, at once or, in a run of steps, when the run pauses.
   */
  positionChanged(): void {
    this.generation++;
    this.shown = null;
    this.redraw();
    const now = performance.now();
    const stepping = now - this.lastChange < this.stepPauseMs;
    this.lastChange = now;
    if (this.pauseTimer !== null) clearTimeout(this.pauseTimer);
    this.pauseTimer = null;
    if (!stepping) {
      this.requestPosition();
      return;
    }
    this.pauseTimer = setTimeout(() => {
      this.pauseTimer = null;
      this.requestPosition();
    }, this.stepPauseMs);
  }

  /** Asks for the full analysis of the position shown, or marks it wanted while another is in flight. */
  private requestPosition(): void {
    const game = this.game;
    this.ask(
      this.positionGate,
      null,
      "analysis",
      // In a run of steps the pause's timer asks.
      () => {
        if (this.pauseTimer === null) this.requestPosition();
      },
      (a, current) => {
        // The statuses of a position passed by are still the newest read:
        // the next positions carry them.
        if (game === this.game) this.carry = a;
        if (!current) return;
        this.shown = { analysis: a, statuses: "read" };
        if (!this.previewShown) this.redraw();
        this.page.analysed(a);
      },
    );
  }

  /**
   * Asks the worker for the analysis of the position shown (after a move at
   * `after`, if any) unless `gate` has one in flight: then marks it wanted,
   * and `again` asks for the newest once the one in flight settles. `use`
   * gets the answer, and whether its position is still shown; a failure
   * other than a cancellation is logged as `what` failed.
   */
  private ask(
    gate: Gate,
    after: Vertex | null,
    what: string,
    again: () => void,
    use: (a: Analysis, current: boolean) => void,
  ): void {
    if (gate.busy) {
      gate.wanted = true;
      return;
    }
    gate.busy = true;
    const gen = this.generation;
    // When each reading was asked for, on the page's timeline: the browser
    // tests tell the scheduler's wait from the reading's own time by it.
    if (after === null) performance.mark(ANALYSIS_ASKED_MARK);
    this.engine
      .analyze(this.page.position(), after, this.page.options())
      .then(
        (a) => use(a, gen === this.generation),
        (e: unknown) => {
          if (!(e instanceof CancelledError)) console.warn(`${what} failed:`, e);
        },
      )
      .finally(() => {
        gate.busy = false;
        if (gate.wanted) {
          gate.wanted = false;
          again();
        }
      });
  }

  /**
   * Draws the overlays again (an overlay was switched on or off): the
   * position's, not a preview; its static layers are computed first if
   * they were not yet (no overlay was on).
   */
  redraw(): void {
    this.previewShown = false;
    this.shown ??= this.staticLayers();
    this.page.draw(this.shown?.analysis ?? null, this.shown?.statuses ?? "carried");
  }

  /** The static layers of the position shown under the statuses carried, or null when the page wants none (or they failed). */
  private staticLayers(): { analysis: Analysis; statuses: Statuses } | null {
    try {
      const analysis = this.page.staticAnalysis(this.carry);
      return analysis && { analysis, statuses: "carried" };
    } catch (e) {
      console.warn("static analysis failed:", e);
      return null;
    }
  }

  /**
   * Shows the overlays as they would be after a move at the page's preview
   * target (the worker's what-if analysis), or the position's own when
   * there is none.
   */
  preview(): void {
    const v = this.page.previewTarget();
    if (!v) {
      if (this.previewShown) this.redraw();
      return;
    }
    this.ask(
      this.previewGate,
      v,
      "preview",
      () => this.preview(),
      (a, current) => {
        if (!current || this.page.previewTarget() !== v) return;
        this.previewShown = true;
        this.page.draw(a, "read", this.shown?.analysis ?? null);
      },
    );
  }
}
