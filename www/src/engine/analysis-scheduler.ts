// Analysis scheduling: asks the engine worker for the analysis of each
// new position and, while the pointer is over a legal point, for the hover
// preview (the analysis after a move there). Answers for a position that
// is gone are dropped. At most one position analysis and one preview are
// in flight: a position shown meanwhile waits, and only the newest one is
// asked for when the worker answers — stepping through a record as fast
// as the keys repeat never queues a backlog of stale positions.

import type { Analysis, AnalyzeOptions, Position, Vertex } from "../../pkg/moku.js";
import { CancelledError, type EngineWorker } from "./engine.js";

/** What the scheduler needs from the page. */
export interface AnalysisSource {
  /** The position shown now. */
  position(): Position;
  /** The analysis settings chosen in the overlay panel. */
  options(): AnalyzeOptions;
  /** The point to preview a move at: the hovered point when it is legal and an overlay is on, else `null`. */
  previewTarget(): Vertex | null;
  /** Draws the overlays of `analysis` (`null`: none yet); for a hover preview, `base` is the analysis of the position shown. */
  draw(analysis: Analysis | null, base?: Analysis | null): void;
  /** The analysis of a new position arrived (the overlays are drawn apart). */
  analysed(analysis: Analysis): void;
}

/** One kind of request to the worker: whether one is in flight, and whether a newer one waits for it. */
interface Gate {
  busy: boolean;
  wanted: boolean;
}

export class AnalysisScheduler {
  /** Bumped on every change of position, so late worker answers are dropped. */
  private generation = 0;
  /** The analysis of the position shown, once it has arrived. */
  private analysis: Analysis | null = null;
  /** Whether the overlays show a hover preview rather than the position. */
  private previewShown = false;
  /** The position analysis in flight, and whether a newer position waits for it. */
  private readonly positionGate: Gate = { busy: false, wanted: false };
  /** The preview in flight, and whether a newer hover waits for it. */
  private readonly previewGate: Gate = { busy: false, wanted: false };

  constructor(
    private readonly engine: EngineWorker,
    private readonly page: AnalysisSource,
  ) {}

  /** A token for the position shown now: {@link isCurrent} says whether it is still shown. */
  get token(): number {
    return this.generation;
  }

  /** Whether the position of `token` is still the one shown. */
  isCurrent(token: number): boolean {
    return token === this.generation;
  }

  /** The position changed: drops what was shown and asks for the new analysis. */
  positionChanged(): void {
    this.generation++;
    this.analysis = null;
    this.previewShown = false;
    this.page.draw(null);
    this.requestPosition();
  }

  /** Asks for the analysis of the position shown, or marks it wanted while another is in flight. */
  private requestPosition(): void {
    this.ask(
      this.positionGate,
      null,
      "analysis",
      () => this.requestPosition(),
      (a) => {
        this.analysis = a;
        if (!this.previewShown) this.page.draw(a);
        this.page.analysed(a);
      },
    );
  }

  /**
   * Asks the worker for the analysis of the position shown (after a move at
   * `after`, if any) unless `gate` has one in flight: then marks it wanted,
   * and `again` asks for the newest once the one in flight settles. `use`
   * gets the answer while its position is still shown; a failure other than
   * a cancellation is logged as `what` failed.
   */
  private ask(gate: Gate, after: Vertex | null, what: string, again: () => void, use: (a: Analysis) => void): void {
    if (gate.busy) {
      gate.wanted = true;
      return;
    }
    gate.busy = true;
    const gen = this.generation;
    this.engine
      .analyze(this.page.position(), after, this.page.options())
      .then(
        (a) => {
          if (gen === this.generation) use(a);
        },
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

  /** Draws the overlays again (an overlay was switched on or off): the position's, not a preview. */
  redraw(): void {
    this.previewShown = false;
    this.page.draw(this.analysis);
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
      (a) => {
        if (this.page.previewTarget() !== v) return;
        this.previewShown = true;
        this.page.draw(a, this.analysis);
      },
    );
  }
}
