// The game review on the page: every move of the main line valued by the
// engine in the worker, one at a time (a progress bar, a stop button), then
// a graph of the engine's estimate over the game with the flagged moves
// marked (click to jump), a summary per player, and at each reviewed move
// its verdict in words with the engine's move labelled "A" on the board.

import type { Color, HistoryEntry, MoveReviewInfo, Position, Vertex } from "../../pkg/moku.js";
import { svgEl } from "../view/board-view.js";
import type { EngineWorker } from "../engine/engine.js";
import { titled } from "../view/overlays/draw.js";
import { $, ProgressJob } from "./page.js";

/** One move to review: the position before it and the move. */
export interface ReviewStep {
  position: Position;
  played: string;
}

/** The moves of a game's main line as review steps, from its final position (setups are part of the positions). */
export function reviewSteps(final: Position): ReviewStep[] {
  const history: HistoryEntry[] = final.history ?? [];
  const steps: ReviewStep[] = [];
  history.forEach((entry, i) => {
    if (!("move" in entry) || entry.move === "resign") return;
    steps.push({ position: { ...final, history: history.slice(0, i), toMove: entry.color }, played: entry.move });
  });
  return steps;
}

/** A player's figures: moves, average loss, verdict counts and the three biggest mistakes. */
export interface PlayerFigures {
  moves: number;
  averageLoss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  biggest: number[];
}

/**
 * The review graph's curve: each estimate is the static count after the
 * mover's best move, so it leans toward the mover by about a move's worth
 * and the raw values zigzag from move to move. Each point is the mean of
 * its estimate and the previous move's, which cancels the lean and keeps
 * the trend; a move with no reviewed move before it keeps its own.
 */
export function estimateCurve(moves: readonly Pick<MoveReviewInfo, "number" | "estimate">[]): number[] {
  return moves.map((m, i) => {
    const prev = moves[i - 1];
    return prev && prev.number === m.number - 1 ? (m.estimate + prev.estimate) / 2 : m.estimate;
  });
}

/** The figures of `color` over the reviewed moves. */
export function figures(moves: readonly MoveReviewInfo[], color: Color): PlayerFigures {
  const mine = moves.filter((m) => m.color === color);
  const count = (v: string): number => mine.filter((m) => m.verdict === v).length;
  const flagged = mine.filter((m) => m.verdict !== "good").sort((a, b) => b.loss - a.loss || a.number - b.number);
  return {
    moves: mine.length,
    averageLoss: mine.length ? mine.reduce((s, m) => s + m.loss, 0) / mine.length : 0,
    inaccuracies: count("inaccuracy"),
    mistakes: count("mistake"),
    blunders: count("blunder"),
    biggest: flagged.slice(0, 3).map((m) => m.number),
  };
}

/** `n` and the noun, singular or plural: "1 blunder", "2 blunders". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A player's summary in words. */
export function figuresText(name: string, f: PlayerFigures): string {
  const worst = f.biggest.length ? `; biggest: ${f.biggest.map((n) => `move ${n}`).join(", ")}` : "";
  return `${name}: ${count(f.moves, "move", "moves")}, average loss ${f.averageLoss.toFixed(1)} points, ${count(f.inaccuracies, "inaccuracy", "inaccuracies")}, ${count(f.mistakes, "mistake", "mistakes")}, ${count(f.blunders, "blunder", "blunders")}${worst}.`;
}

/** The graph's colour of a verdict. */
const VERDICT_COLOURS: Record<string, string> = { inaccuracy: "#e0a000", mistake: "#e06000", blunder: "#c00000" };

/** The review panel. */
export class ReviewPanel {
  private readonly job = new ProgressJob<MoveReviewInfo>("review");

  constructor(
    private readonly engine: EngineWorker,
    private readonly layer: () => SVGGElement,
    private readonly jump: (moveNumber: number) => void,
    /** Writes the reviewed moves into the game record (comments, good and bad move marks), for "Save as SGF". */
    private readonly annotate: (moves: readonly MoveReviewInfo[]) => void,
  ) {}

  /** The reviewed moves so far. */
  private get moves(): MoveReviewInfo[] {
    return this.job.results;
  }

  /** Whether a review is running. */
  get busy(): boolean {
    return this.job.busy;
  }

  /** Reviews the main line ending in `final`; resolves when done or stopped. */
  async run(final: Position, level = 1): Promise<void> {
    if (this.job.busy) return;
    const steps = reviewSteps(final);
    const summary = (): string => {
      const said = this.job.stopped ? `Stopped after ${this.moves.length} of ${steps.length} moves. ` : "";
      return `${said}${figuresText("Black", figures(this.moves, "black"))} ${figuresText("White", figures(this.moves, "white"))} "Save as SGF" keeps the review as comments.`;
    };
    try {
      await this.job.run(
        steps,
        `Reviewing ${steps.length} moves…`,
        (step) => this.engine.reviewMove(step.position, step.played, { level }),
        () => this.drawGraph(),
        summary,
      );
    } finally {
      this.drawGraph();
      this.annotate(this.moves);
    }
  }

  /** The verdict of reviewed move `n`, or null. */
  verdictOf(n: number): string | null {
    return this.moves.find((m) => m.number === n)?.verdict ?? null;
  }

  /** Forgets the review (a new game or record). */
  reset(): void {
    this.job.reset();
    $("review-box").hidden = true;
    this.layer().replaceChildren();
  }

  /** Shows the review of the move that led to move number `n` (none at the start). */
  positionChanged(n: number, stoneAt: (v: Vertex) => number): void {
    const layer = this.layer();
    layer.replaceChildren();
    const out = $("review-move");
    const m = this.moves.find((x) => x.number === n);
    out.textContent = m ? m.text : "";
    out.dataset.verdict = m?.verdict ?? "";
    const graph = $("review-graph");
    for (const dot of graph.querySelectorAll(".current")) dot.classList.remove("current");
    graph.querySelector(`[data-move="${n}"]`)?.classList.add("current");
    const v = m?.preferredVertex;
    if (!m || !v || m.played === m.preferred || stoneAt(v) !== 0) return;
    const g = titled(svgEl("g", { class: "review-preferred" }, layer), `Better: ${m.preferred}`);
    svgEl(
      "rect",
      { x: v.x - 0.38, y: v.y - 0.38, width: 0.76, height: 0.76, rx: 0.1, fill: "rgba(20, 140, 60, 0.85)" },
      g,
    );
    const t = svgEl(
      "text",
      {
        x: v.x,
        y: v.y,
        "font-size": 0.5,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        fill: "#fff",
        "font-weight": "bold",
      },
      g,
    );
    t.textContent = "A";
  }

  /** The estimate over the game, a dot per flagged move coloured by its verdict; a click jumps to the move. */
  private drawGraph(): void {
    const svg = $("review-graph");
    svg.replaceChildren();
    const [w, h] = [300, 80];
    const n = Math.max(...this.moves.map((m) => m.number), 1);
    const span = Math.max(20, ...this.moves.map((m) => Math.abs(m.estimate)));
    const x = (k: number): number => (k / n) * w;
    const y = (e: number): number => h / 2 - (e / span) * (h / 2 - 4);
    svgEl("rect", { x: 0, y: 0, width: w, height: h, fill: "#fff", stroke: "#ccc" }, svg);
    svgEl("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, stroke: "#bbb", "stroke-dasharray": "3 3" }, svg);
    const curve = estimateCurve(this.moves);
    const pts = this.moves.map((m, i) => `${x(m.number).toFixed(1)},${y(curve[i] ?? m.estimate).toFixed(1)}`).join(" ");
    svgEl("polyline", { points: pts, fill: "none", stroke: "#555", "stroke-width": 1.2 }, svg);
    for (const [i, m] of this.moves.entries()) {
      if (m.verdict === "good") continue;
      const dot = titled(
        svgEl(
          "circle",
          {
            cx: x(m.number),
            cy: y(curve[i] ?? m.estimate),
            r: m.verdict === "blunder" ? 4 : 3,
            fill: VERDICT_COLOURS[m.verdict] ?? "#000",
            class: "flagged",
          },
          svg,
        ),
        m.text,
      );
      dot.dataset.move = String(m.number);
      dot.dataset.verdict = m.verdict;
      dot.style.cursor = "pointer";
      dot.addEventListener("click", () => this.jump(m.number));
    }
  }
}
