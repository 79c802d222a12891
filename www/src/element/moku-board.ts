// <go-board>: an embeddable Go board for teaching sites.
//
//   <script type="module" src="/moku/dist/moku-board.js"></script>
//   <go-board size="19" sgf="game.sgf" move="34" overlays="legal" interactive></go-board>
//   <go-board size="9" engine="white" level="6"></go-board>   (the reader plays moku)
//
// The wasm is found relative to this module's own URL (../pkg/moku_bg.wasm),
// so the page may live in any folder; `sgf` is relative to the page (or is
// the record itself: sgf="(;SZ[9];B[ee])").
// Look: CSS custom properties --go-board-wood, --go-board-line,
// --go-board-black, --go-board-white, --go-board-coord, --go-board-focus,
// --go-board-font, --go-board-max-width.

import { type Analysis, type Color, Game, levels, type RulesName, type Vertex } from "../../pkg/moku.js";
import { AnalysisScheduler } from "../engine/analysis-scheduler.js";
import { BOARD_CSS, BoardView } from "../view/board-view.js";
import { indexOf } from "../view/coords.js";
import { CancelledError, EngineWorker } from "../engine/engine.js";
import { drawOverlays, getOverlay } from "../view/overlays/index.js";
import { moveText } from "../view/text-board.js";
import { loadMoku } from "../engine/wasm.js";

export { registerOverlay, type Overlay, type LegendEntry } from "../view/overlays/index.js";

const ELEMENT_CSS = `
:host { display: block; max-width: var(--go-board-max-width, 600px); font-family: var(--go-board-font, system-ui, sans-serif); }
:host([hidden]) { display: none; }
.caption { margin: 0.25em 0 0; font-size: 0.9em; min-height: 1.3em; }
.caption.error { color: var(--go-board-error, #b00020); }
svg:focus-visible { outline: 3px solid var(--go-board-focus, #1a5fd0); outline-offset: 2px; }
`;

/** Details of the `move` event fired after a move is played on an interactive board (by the reader or the engine). */
export interface GoBoardMoveDetail {
  /** GTP text of the move, e.g. `"Q16"`. */
  move: string;
  /** The move number after it. */
  moveNumber: number;
  /** Whether the engine played it. */
  engine: boolean;
  /** The engine's reasons in plain English (empty for the reader's moves), e.g. `["captures 3 stones at E5"]`. */
  reasons: string[];
}

/**
 * One engine worker for every board of the page (created on first use):
 * it plays moku's moves and analyses the positions shown with overlays, so
 * a page of boards never freezes while the evaluators run.
 */
let sharedEngine: EngineWorker | null = null;

function engine(): EngineWorker {
  sharedEngine ??= new EngineWorker({ wasmUrl: GoBoardElement.wasmUrl });
  return sharedEngine;
}

/**
 * The `<go-board>` element. Attributes:
 * - `size`: board size for a new game (default 19; ignored with `sgf`), e.g. `"9"`;
 * - `sgf`: URL of an SGF file, relative to the page, e.g. `"games/lesson1.sgf"`, or the
 *   record itself when it starts with `(`, e.g. `"(;SZ[9];B[ee];W[gc])"`;
 * - `move`: the move to show, a number or `"last"` (default: the start), e.g. `"34"`;
 * - `overlays`: comma-separated overlay ids, e.g. `"influence,moyo"`;
 * - `interactive`: present to let the reader click to play and use the arrow keys;
 * - `komi`, `rules`: for a new game, e.g. `"6.5"`, `"japanese"`;
 * - `engine`: the colour moku plays, `"black"` or `"white"` (present but empty: it answers
 *   every move of the reader), which makes the board interactive; its reasons show in the caption;
 * - `level`: moku's level, 1 to 10 (default 6).
 */
export class GoBoardElement extends HTMLElement {
  static readonly observedAttributes = [
    "size",
    "sgf",
    "move",
    "overlays",
    "interactive",
    "komi",
    "rules",
    "engine",
    "level",
  ];

  /** The wasm URL for every board on the page; by default found from this module's URL. Set before the first board connects. */
  static wasmUrl: string | URL = new URL("../pkg/moku_bg.wasm", import.meta.url);

  private game: Game | null = null;
  private view: BoardView | null = null;
  private caption: HTMLParagraphElement;
  private loadToken = 0;
  private legal = new Set<number>();
  /** The move number the engine is choosing a move for, or null. */
  private thinkingAt: number | null = null;
  /** Asks the worker for the analysis of the position shown (one in flight, the newest next); made on first use. */
  private scheduler: AnalysisScheduler | null = null;
  /** The position whose analysis the overlays show or wait for, or null when none was asked for. */
  private analysedKey: string | null = null;
  /** The overlays the `overlays` attribute turns on. */
  private enabled = new Set<string>();

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = BOARD_CSS + ELEMENT_CSS;
    this.caption = document.createElement("p");
    this.caption.className = "caption";
    this.caption.setAttribute("aria-live", "polite");
    this.caption.part.add("caption");
    root.append(style);
    const holder = document.createElement("div");
    holder.part.add("board");
    root.append(holder, this.caption);
    this.view = new BoardView(holder, Number(this.getAttribute("size")) || 19, {
      onPlay: (v) => this.play(v),
      onHover: (v) => this.hover(v),
    });
    this.view.svg.addEventListener("keydown", (e) => this.key(e));
  }

  /** The game shown (after it has loaded), for scripting: `board.gameRecord?.toSgf()`. */
  get gameRecord(): Game | null {
    return this.game;
  }

  /** Resolves when the board shows its position (or has shown an error). */
  ready: Promise<void> = Promise.resolve();

  connectedCallback(): void {
    this.reload();
  }

  disconnectedCallback(): void {
    this.game?.free();
    this.game = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.isConnected || old === value) return;
    if (name === "move" && this.game) this.goToAttributeMove();
    else if (name === "overlays") this.draw();
    else if (name === "interactive" || name === "level") this.draw();
    else if (name === "engine") {
      this.draw();
      this.maybeEngineMove();
    } else this.reload();
  }

  private reload(): void {
    const token = ++this.loadToken;
    this.ready = this.load(token).catch((e: unknown) => {
      if (token === this.loadToken) this.showError(e instanceof Error ? e.message : String(e));
    });
  }

  private async load(token: number): Promise<void> {
    await loadMoku(GoBoardElement.wasmUrl);
    const sgf = this.getAttribute("sgf")?.trim();
    let game: Game;
    if (sgf?.startsWith("(")) {
      // The record itself, written into the page: every SGF game tree
      // starts with "(", which no file name does in practice.
      game = Game.fromSgf(sgf);
    } else if (sgf) {
      const url = new URL(sgf, document.baseURI);
      const res = await fetch(url);
      if (!res.ok) throw new Error(`could not load ${url.href}: ${res.status} ${res.statusText}`);
      const text = await res.text();
      if (token !== this.loadToken) return;
      game = Game.fromSgf(text);
    } else {
      const komi = this.getAttribute("komi");
      game = new Game({
        size: Number(this.getAttribute("size") ?? 19),
        rules: (this.getAttribute("rules") ?? "japanese") as RulesName,
        ...(komi === null ? {} : { komi: Number(komi) }),
      });
    }
    if (token !== this.loadToken) {
      game.free();
      return;
    }
    this.game?.free();
    this.game = game;
    this.goToAttributeMove();
    this.maybeEngineMove();
  }

  private goToAttributeMove(): void {
    const g = this.game;
    if (!g) return;
    const move = this.getAttribute("move");
    try {
      if (move === "last") g.last();
      else if (move !== null && move !== "") g.goToMove(Number(move));
      else g.first();
      this.draw();
    } catch (e) {
      this.draw();
      this.showError(e instanceof Error ? e.message : String(e));
    }
  }

  private draw(): void {
    const g = this.game;
    const view = this.view;
    if (!g || !view) return;
    view.setSize(g.size);
    view.interactive = this.hasAttribute("interactive") || this.hasAttribute("engine");
    if (view.interactive) view.svg.tabIndex = 0;
    else view.svg.removeAttribute("tabindex");
    const board = g.board();
    const last = g.lastMove;
    view.setPosition(board, last?.vertex ?? null);
    view.setGhostColor(view.interactive ? g.toMove : null);
    this.legal = new Set(g.legalMoves().map((v) => indexOf(v, g.size)));
    const ids = (this.getAttribute("overlays") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    this.enabled = new Set(ids.filter((id) => getOverlay(id)));
    this.scheduleAnalysis(g, board);
    this.caption.classList.remove("error");
    this.caption.textContent = `Move ${g.moveNumber}${last ? `: ${moveText(last)}` : ""}. Captures: Black ${g.captures.black}, White ${g.captures.white}.`;
    this.dataset.moveNumber = String(g.moveNumber);
    this.setAttribute("aria-label", `Go board at move ${g.moveNumber}`);
  }

  /**
   * The overlays need the analysis of the position shown: the worker
   * computes it (off the page's thread) and the overlays are drawn when it
   * arrives; a position passed by meanwhile is never asked for. Without
   * overlays nothing is asked.
   */
  private scheduleAnalysis(g: Game, board: Int8Array): void {
    const view = this.view;
    if (!view) return;
    if (this.enabled.size === 0) {
      this.analysedKey = null;
      drawOverlays((id) => view.overlayLayer(id), this.enabled, null);
      return;
    }
    this.scheduler ??= new AnalysisScheduler(engine(), {
      position: () => (this.game ?? g).position(),
      options: () => ({}),
      previewTarget: () => null,
      draw: (analysis: Analysis | null) => {
        const v = this.view;
        if (v) drawOverlays((id) => v.overlayLayer(id), this.enabled, analysis);
        if (analysis) this.dataset.analysedMove = String(analysis.moveNumber);
      },
      analysed: () => {},
    });
    const key = `${g.moveNumber}|${g.toMove}|${board.join("")}`;
    if (key === this.analysedKey) this.scheduler.redraw();
    else {
      this.analysedKey = key;
      delete this.dataset.analysedMove;
      this.scheduler.positionChanged();
    }
  }

  private showError(text: string): void {
    this.caption.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    this.caption.classList.add("error");
  }

  private play(v: Vertex): void {
    const g = this.game;
    if (!g) return;
    if (this.thinkingAt !== null) {
      this.showError("moku is thinking: wait for its move");
      return;
    }
    if (this.engineColor() === g.toMove) {
      this.showError(`moku plays ${g.toMove} here`);
      return;
    }
    try {
      g.play(v);
    } catch (e) {
      this.showError(e instanceof Error ? e.message : String(e));
      return;
    }
    this.draw();
    this.moved(false, []);
    this.maybeEngineMove();
  }

  private moved(engine: boolean, reasons: string[]): void {
    const g = this.game;
    if (!g) return;
    const detail: GoBoardMoveDetail = { move: g.lastMove?.gtp ?? "", moveNumber: g.moveNumber, engine, reasons };
    this.dispatchEvent(new CustomEvent<GoBoardMoveDetail>("move", { detail, bubbles: true, composed: true }));
  }

  /** The colour moku plays: the `engine` attribute's, or (present but empty) the side the reader did not just play; null without it. */
  private engineColor(): Color | null {
    const a = this.getAttribute("engine");
    const g = this.game;
    if (a === null || !g) return null;
    const c = a.trim().toLowerCase();
    if (c === "black" || c === "white") return c;
    const last = g.lastMove;
    return last ? (last.color === "black" ? "white" : "black") : null;
  }

  /** Asks the page's engine worker for moku's move when it is moku's turn, and plays it. */
  private maybeEngineMove(): void {
    const g = this.game;
    if (!g || g.isOver || this.thinkingAt !== null || this.engineColor() !== g.toMove) return;
    const level = Number(this.getAttribute("level") ?? levels().default);
    const at = g.moveNumber;
    this.thinkingAt = at;
    this.caption.classList.remove("error");
    this.caption.textContent = "moku is thinking…";
    engine()
      .genmove(g.position(), { level })
      .then(
        (r) => {
          this.thinkingAt = null;
          if (this.game !== g || g.moveNumber !== at) return;
          if (r.move === "resign") g.resign();
          else g.play(r.move);
          this.draw();
          const reasons = r.reasons.map((x) => x.text);
          this.caption.textContent = `moku played ${r.move}${reasons.length ? `: ${reasons[0]}` : ""}.`;
          this.caption.title = reasons.join("\n");
          this.moved(true, reasons);
        },
        (e: unknown) => {
          this.thinkingAt = null;
          if (!(e instanceof CancelledError)) this.showError(e instanceof Error ? e.message : String(e));
        },
      );
  }

  private hover(v: Vertex | null): void {
    const g = this.game;
    if (!g || !this.view) return;
    this.view.setGhost(v && this.legal.has(indexOf(v, g.size)) ? v : null);
  }

  private key(e: KeyboardEvent): void {
    const g = this.game;
    if (!g || !this.hasAttribute("interactive")) return;
    const steps: Record<string, () => unknown> = {
      ArrowLeft: () => g.previous(),
      ArrowRight: () => g.next(),
      Home: () => g.first(),
      End: () => g.last(),
    };
    const f = steps[e.key];
    if (!f) return;
    e.preventDefault();
    f();
    this.draw();
  }
}

if (!customElements.get("go-board")) customElements.define("go-board", GoBoardElement);

declare global {
  interface HTMLElementTagNameMap {
    "go-board": GoBoardElement;
  }
}
