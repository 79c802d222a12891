// <go-board>: an embeddable Go board for teaching sites.
//
//   <script type="module" src="/moku/dist/moku-board.js"></script>
//   <go-board size="19" sgf="game.sgf" move="34" overlays="legal" interactive></go-board>
//   <go-board size="9" engine="white" level="6"></go-board>   (the reader plays moku)
//   <go-board sgf="problem.sgf" problem></go-board>           (the record or moku answers)
//
// The wasm is found relative to this module's own URL (../pkg/moku_bg.wasm
// from dist/, ./moku_bg.wasm in the npm package; a script that runs first
// may set window.MOKU_WASM_URL instead), so the page may live in any
// folder; `sgf` is relative to the page (or is the record itself:
// sgf="(;SZ[9];B[ee])").
// Look: CSS custom properties --go-board-wood, --go-board-line,
// --go-board-black, --go-board-white, --go-board-coord, --go-board-focus,
// --go-board-variation, --go-board-font, --go-board-error,
// --go-board-solved, --go-board-max-width (www/README.md lists them).

import {
  type Analysis,
  type Color,
  Game,
  levels,
  type Markup,
  type RulesName,
  type Variation,
  type Vertex,
} from "../../pkg/moku.js";
import { AnalysisScheduler, type Statuses } from "../engine/analysis-scheduler.js";
import { BOARD_CSS, BoardView } from "../view/board-view.js";
import { arrowStep, indexOf, vertexName } from "../view/coords.js";
import {
  drawMarkup,
  drawMoveNumbers,
  signedPoints,
  signWords,
  drawVariations,
  gameInfoText,
  LESSON_CSS,
  moveNumbers,
  variationLetter,
  viewBounds,
} from "../view/lesson.js";
import { commentVerdict, outcome, problemTarget, type Target, targetGroup } from "./problem.js";
import { CancelledError, EngineWorker } from "../engine/engine.js";
import { drawOverlays, getOverlay } from "../view/overlays/index.js";
import { moveText } from "../view/text-board.js";
import { defaultWasmUrl, loadMoku } from "../engine/wasm.js";

export { registerOverlay, type Overlay, type LegendEntry } from "../view/overlays/index.js";

const ELEMENT_CSS = `
:host { display: block; max-width: var(--go-board-max-width, 600px); font-family: var(--go-board-font, system-ui, sans-serif); }
:host([hidden]) { display: none; }
.info { margin: 0 0 0.25em; font-size: 0.9em; }
.info:empty, .comment:empty { display: none; }
.nav, .variations, .tools { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em; margin: 0.3em 0 0; }
.nav[hidden], .variations[hidden], .tools[hidden], button[hidden] { display: none; }
.nav button, .variations button, .tools button { font: inherit; min-width: 2.2em; min-height: 2.2em; }
.nav input[type="range"] { flex: 1 1 0; min-width: 3em; }
.nav .number { min-width: 3.5em; text-align: center; font-variant-numeric: tabular-nums; }
.comment { margin: 0.4em 0 0; padding: 0.4em 0.6em; border-left: 3px solid var(--go-board-line, #3b2a14);
  white-space: pre-wrap; font-size: 0.95em; max-height: 12em; overflow: auto; }
.caption { margin: 0.25em 0 0; font-size: 0.9em; min-height: 1.3em; }
.caption.error { color: var(--go-board-error, #b00020); }
.caption.solved { color: var(--go-board-solved, #146c2e); font-weight: bold; }
.caption.failed { color: var(--go-board-error, #b00020); font-weight: bold; }
svg:focus-visible { outline: 3px solid var(--go-board-focus, #1a5fd0); outline-offset: 2px; }
`;

/** Details of the `move` event fired after a move is played on the board (by the reader or the engine). */
export interface GoBoardMoveDetail {
  /** GTP text of the move, e.g. `"Q16"`. */
  move: string;
  /** The move number after it. */
  moveNumber: number;
  /** Whether the engine played it (or, in a problem, the record's answer). */
  engine: boolean;
  /** The engine's reasons in plain English (empty for the reader's moves), e.g. `["captures 3 stones at E5"]`. */
  reasons: string[];
}

/** Details of the `load` event: the record or new game is shown. */
export interface GoBoardLoadDetail {
  /** Board size. */
  size: number;
  /** The move number shown. */
  moveNumber: number;
  /** Moves in the line shown, from the start to its end. */
  moves: number;
}

/** Details of the `navigate` event: the board shows another position of its record. */
export interface GoBoardNavigateDetail {
  /** The move number shown. */
  moveNumber: number;
  /** The variation chosen at each branch from the start (0 is the main line). */
  path: number[];
  /** The comment of the position shown, if any. */
  comment: string | null;
}

/** Details of the `error` event: a record that would not load, a move refused, the engine failing. */
export interface GoBoardErrorDetail {
  /** The message shown under the board, e.g. `"move 2 (White E5) is illegal: ..."`. */
  message: string;
}

/** Details of the `problem` event: a problem is decided. */
export interface GoBoardProblemDetail {
  /** `"solved"` or `"failed"`. */
  state: "solved" | "failed";
  /** The words shown, e.g. `"the group at C3 is dead: correct"`. */
  text: string;
  /** Who judged: the record's comments (`"record"`) or moku's life-and-death reading (`"moku"`). */
  by: "record" | "moku";
}

/**
 * One engine worker for every board of the page (created on first use):
 * it plays moku's moves and analyses the positions shown with overlays, so
 * a page of boards never freezes while the evaluators run.
 */
let sharedEngine: EngineWorker | null = null;

function engine(): EngineWorker {
  sharedEngine ??= new EngineWorker({
    wasmUrl: GoBoardElement.wasmUrl,
    ...(GoBoardElement.workerUrl ? { workerUrl: GoBoardElement.workerUrl } : {}),
  });
  return sharedEngine;
}

/** The mirrored properties by how their value is read, each with its attribute. */
const REFLECTED = {
  boolean: {
    interactive: "interactive",
    problem: "problem",
    moveNumbers: "move-numbers",
    hideCoordinates: "hide-coordinates",
  },
  text: { sgf: "sgf", move: "move", overlays: "overlays", rules: "rules", engine: "engine" },
  number: { size: "size", komi: "komi", level: "level" },
} as const;

/** The attributes whose change loads the board again. */
const RELOADS = new Set(["size", "sgf", "komi", "rules", "problem"]);

/** A problem in progress. */
interface ProblemState {
  state: "open" | "solved" | "failed";
  /** The group at stake, from moku's reading of the start (null until read, or when none is). */
  target: Target | null;
  /** The student's colour: the side to move at the start. */
  student: Color;
  /** Whether the student has left the record's tree (moku answers from then on). */
  offTree: boolean;
  /** The record's start, to try again. */
  sgf: string;
  start: number[];
}

/**
 * The `<go-board>` element. Attributes (each also a property of the same
 * name in camelCase; the booleans are boolean properties, so frameworks
 * can turn them off):
 * - `size`: board size for a new game (default 19; ignored with `sgf`), e.g. `"9"`;
 * - `sgf`: URL of an SGF file, relative to the page, e.g. `"games/lesson1.sgf"`, or the
 *   record itself when it starts with `(`, e.g. `"(;SZ[9];B[ee];W[gc])"`;
 * - `move`: the move to show first, a number or `"last"` (default: the start), e.g. `"34"`;
 * - `overlays`: comma-separated overlay ids, e.g. `"influence,moyo"`;
 * - `interactive`: the reader may play moves (on a record: into a variation of their own,
 *   with "back to the lesson");
 * - `problem`: the record is a problem: the reader plays, the record's tree or moku answers;
 * - `move-numbers`: numbers on the stones; `hide-coordinates`: no coordinates;
 * - `komi`, `rules`: for a new game, e.g. `"6.5"`, `"japanese"`;
 * - `engine`: the colour moku plays, `"black"` or `"white"` (present but empty: it answers
 *   every move of the reader), which makes the board interactive; its reasons show in the caption;
 * - `level`: moku's level, 1 to 10 (default: the engine's, `levels().default`).
 *
 * Events (bubbling, composed): `load`, `navigate`, `move`, `error`, `problem`; see their
 * `GoBoard...Detail` types.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface of the same name declares the attribute-mirroring properties that REFLECTED defines on the prototype.
export class GoBoardElement extends HTMLElement {
  static readonly observedAttributes = Object.values(REFLECTED).flatMap((kind) => Object.values(kind));

  /** The wasm URL for every board on the page; by default found from this module's URL. Set before the first board connects. */
  static wasmUrl: string | URL = defaultWasmUrl();
  /** The engine worker's script URL; by default `engine-worker.js` beside this module. Set before the first board connects. */
  static workerUrl: string | URL | null = null;

  private game: Game | null = null;
  private view: BoardView;
  private info: HTMLDivElement;
  private nav: HTMLDivElement;
  private slider: HTMLInputElement;
  private number: HTMLSpanElement;
  private variationList: HTMLDivElement;
  private tools: HTMLDivElement;
  private backButton: HTMLButtonElement;
  private answerButton: HTMLButtonElement;
  private retryButton: HTMLButtonElement;
  private commentBox: HTMLDivElement;
  private caption: HTMLParagraphElement;
  private loadToken = 0;
  private legal = new Set<number>();
  /** The move number the engine is choosing a move for, or null. */
  private thinkingAt: number | null = null;
  /** Draws the static layers of the position shown and asks the worker for its statuses (one in flight, the newest next); made on first use. */
  private scheduler: AnalysisScheduler | null = null;
  /** The position whose analysis the overlays show or wait for, or null when none was asked for. */
  private analysedKey: string | null = null;
  /** The overlays the `overlays` attribute turns on. */
  private enabled = new Set<string>();
  /** The variation chosen at each branch from the start to the position shown. */
  private path: number[] = [];
  /** The line last followed (forward goes along it). */
  private line: number[] = [];
  /** The lesson as it was before the reader played into it, to go back to. */
  private lesson: { sgf: string; path: number[] } | null = null;
  private problemState: ProblemState | null = null;
  /** A caption that outlives the next redraw (the engine's move, a problem's verdict). */
  private note: { text: string; kind: "" | "error" | "solved" | "failed" } | null = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = BOARD_CSS + LESSON_CSS + ELEMENT_CSS;
    const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, part: string): HTMLElementTagNameMap[K] => {
      const e = document.createElement(tag);
      e.className = cls;
      if (part) e.part.add(part);
      return e;
    };
    this.info = el("div", "info", "info");
    const holder = el("div", "holder", "board");
    this.nav = el("div", "nav", "navigation");
    this.nav.setAttribute("role", "group");
    this.nav.setAttribute("aria-label", "Moves");
    const button = (parent: HTMLElement, text: string, label: string, action: () => void): HTMLButtonElement => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", action);
      parent.append(b);
      return b;
    };
    button(this.nav, "|◀", "First move", () => this.first()).dataset.nav = "first";
    button(this.nav, "◀", "Previous move", () => this.back()).dataset.nav = "back";
    this.slider = document.createElement("input");
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.setAttribute("aria-label", "Move number");
    this.slider.addEventListener("input", () => this.goTo(Number(this.slider.value)));
    this.number = el("span", "number", "");
    this.nav.append(this.slider, this.number);
    button(this.nav, "▶", "Next move", () => this.forward()).dataset.nav = "forward";
    button(this.nav, "▶|", "Last move", () => this.last()).dataset.nav = "last";
    this.variationList = el("div", "variations", "variations");
    this.variationList.setAttribute("role", "group");
    this.variationList.setAttribute("aria-label", "Variations");
    this.tools = el("div", "tools", "tools");
    this.backButton = button(this.tools, "Back to the lesson", "Back to the lesson", () => this.backToLesson());
    this.answerButton = button(this.tools, "Show the answer", "Show the answer", () => void this.showAnswer());
    this.retryButton = button(this.tools, "Try again", "Try again", () => this.retry());
    this.commentBox = el("div", "comment", "comment");
    this.caption = el("p", "caption", "caption");
    this.caption.setAttribute("aria-live", "polite");
    root.append(style, this.info, holder, this.nav, this.variationList, this.tools, this.commentBox, this.caption);
    // Nothing to step through or answer until a record has loaded: a
    // record that fails to load shows its error without these.
    this.nav.hidden = true;
    this.variationList.hidden = true;
    this.tools.hidden = true;
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
    // Moved in the DOM: the game and its place are kept.
    if (this.game) return;
    this.reload();
  }

  disconnectedCallback(): void {
    // A move in the DOM disconnects and connects in one task: free the game only when the board stays out.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.loadToken++;
      this.game?.free();
      this.game = null;
    });
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.isConnected || old === value) return;
    if (RELOADS.has(name)) {
      this.reload();
      return;
    }
    // While a record loads, the load reads the other attributes when it is done.
    if (!this.game) return;
    if (name === "move") this.goToAttributeMove(true);
    else if (name === "overlays" || name === "interactive" || name === "level") this.draw();
    else if (name === "move-numbers" || name === "hide-coordinates") this.draw();
    else if (name === "engine") {
      this.draw();
      this.maybeEngineMove();
    }
  }

  private reload(): void {
    const token = ++this.loadToken;
    this.ready = this.load(token).catch((e: unknown) => {
      if (token === this.loadToken) this.fail(e instanceof Error ? e.message : String(e));
    });
  }

  private async load(token: number): Promise<void> {
    await loadMoku(GoBoardElement.wasmUrl);
    const sgf = this.getAttribute("sgf")?.trim();
    let game: Game;
    if (sgf?.startsWith("(")) {
      // The record itself, written into the page: every SGF game tree
      // starts with "(", which no file name does in practice.
      game = this.readRecord(sgf);
    } else if (sgf) {
      const url = new URL(sgf, document.baseURI);
      const res = await fetch(url);
      if (!res.ok) throw new Error(`could not load ${url.href}: ${res.status} ${res.statusText}`);
      const text = await res.text();
      if (token !== this.loadToken) return;
      game = this.readRecord(text);
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
    this.scheduler?.gameChanged();
    this.lesson = null;
    this.note = null;
    this.problemState = null;
    this.goToAttributeMove(false);
    const moves = game.moves().length;
    this.emit<GoBoardLoadDetail>("load", { size: game.size, moveNumber: game.moveNumber, moves });
    if (game.fault) {
      const why = game.fault.charAt(0).toUpperCase() + game.fault.slice(1);
      this.fail(`shown up to where the record breaks the rules; the rest is left out. ${why}.`);
    }
    if (this.problem) this.startProblem(game);
    else this.maybeEngineMove();
  }

  /**
   * The record in `text`: a lesson whose main line breaks the rules is
   * shown up to the move before (the load says what was left out); a
   * problem is read whole, since its answers are in the rest of its tree.
   */
  private readRecord(text: string): Game {
    return this.problem ? Game.fromSgf(text) : Game.fromSgfUntilFault(text);
  }

  private emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  /** Whether the board holds a record to follow (an `sgf` was given). */
  private get hasRecord(): boolean {
    return Boolean(this.getAttribute("sgf")?.trim());
  }

  private goToAttributeMove(announce: boolean): void {
    const g = this.game;
    if (!g) return;
    const move = this.getAttribute("move");
    try {
      if (move === "last") this.last(false);
      else if (move !== null && move !== "") {
        const n = Number(move);
        if (!Number.isInteger(n) || n < 0) throw new RangeError(`move must be a move number or "last", not "${move}"`);
        this.goTo(n, false);
        if (g.moveNumber !== n)
          throw new RangeError(`the record has no move ${n} (its line ends at move ${g.moveNumber})`);
      } else if (g.moves().length === 0) {
        // A position alone (a problem) may set its stones up after an
        // empty root: the board shows the position, not the empty board.
        this.last(false);
      } else this.first(false);
      this.draw();
      if (announce) this.navigated();
    } catch (e) {
      this.draw();
      this.fail(e instanceof Error ? e.message : String(e));
    }
  }

  // --- navigation ------------------------------------------------------------

  /** Goes to the start of the record. */
  first(announce = true): void {
    const g = this.game;
    if (!g) return;
    g.first();
    this.path = [];
    if (announce) this.afterNavigation();
  }

  /** Goes one move back. */
  back(announce = true): void {
    const g = this.game;
    if (!g?.previous()) return;
    this.path.pop();
    if (announce) this.afterNavigation();
  }

  /** Goes one move forward along the line last followed (the main line at first). */
  forward(announce = true): boolean {
    const g = this.game;
    if (!g) return false;
    const i = this.line[this.path.length] ?? 0;
    if (i >= g.variations().length) return false;
    g.chooseVariation(i);
    this.path.push(i);
    if (this.line[this.path.length - 1] !== i) this.line = [...this.path];
    if (announce) this.afterNavigation();
    return true;
  }

  /** Goes to the end of the line. */
  last(announce = true): void {
    while (this.forward(false)) {}
    if (announce) this.afterNavigation();
  }

  /** Goes to move `n` of the line (0 is the start). */
  goTo(n: number, announce = true): void {
    const g = this.game;
    if (!g) return;
    while (g.moveNumber > n && g.previous()) this.path.pop();
    while (g.moveNumber < n && this.forward(false)) {}
    if (announce) this.afterNavigation();
  }

  /** Goes into variation `index` of the position shown (0 is the main line). */
  chooseVariation(index: number, announce = true): void {
    const g = this.game;
    if (!g) return;
    g.chooseVariation(index);
    this.path.push(index);
    this.line = [...this.path];
    if (announce) this.afterNavigation();
  }

  /** Goes back to the lesson's record as it was before the reader played into it. */
  backToLesson(): void {
    const lesson = this.lesson;
    if (!lesson || !this.game) return;
    this.game.free();
    this.game = Game.fromSgf(lesson.sgf);
    this.path = [];
    for (const i of lesson.path) this.chooseVariation(i, false);
    this.lesson = null;
    this.note = null;
    this.afterNavigation();
  }

  private afterNavigation(): void {
    this.note = null;
    this.draw();
    this.navigated();
  }

  private navigated(): void {
    const g = this.game;
    if (!g) return;
    this.emit<GoBoardNavigateDetail>("navigate", {
      moveNumber: g.moveNumber,
      path: [...this.path],
      comment: g.comment ?? null,
    });
  }

  // --- drawing ---------------------------------------------------------------

  private draw(): void {
    const g = this.game;
    const view = this.view;
    if (!g) return;
    view.setSize(g.size);
    const playable = this.interactive || this.hasAttribute("engine") || this.problem;
    // A record's next moves are chosen by a click on their letters, so a record takes clicks too.
    view.interactive = playable || this.hasRecord;
    view.svg.tabIndex = 0;
    const board = g.board();
    const last = g.lastMove;
    view.setPosition(board, last?.vertex ?? null);
    view.setGhostColor(playable && !this.decided ? g.toMove : null);
    view.setCoordinates(!this.hideCoordinates);
    const markup = g.markup;
    const stoneAt = (v: Vertex): number => board[indexOf(v, g.size)] ?? 0;
    drawMarkup(view.markupLayer, markup, g.size, stoneAt);
    view.setView(viewBounds(markup.view ?? null));
    if (this.moveNumbers) {
      const numbers = moveNumbers(g.moves(), g.moveNumber, board, g.size);
      for (const i of signedPoints(markup, g.size)) numbers.delete(i);
      drawMoveNumbers(view.numbersLayer, numbers, g.size, board);
    } else view.numbersLayer.replaceChildren();
    const variations = this.problem ? [] : g.variations();
    drawVariations(view.variationsLayer, variations, g.size, markup);
    this.drawVariationList(variations, markup);
    this.legal = new Set(g.legalMoves().map((v) => indexOf(v, g.size)));
    const ids = (this.getAttribute("overlays") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    this.enabled = new Set(ids.filter((id) => getOverlay(id)));
    this.scheduleAnalysis(g, board);

    this.info.textContent = gameInfoText(g.gameInfo);
    this.commentBox.textContent = g.comment ?? "";
    const total = this.lineLength(g);
    this.nav.hidden = !(this.hasRecord || total > 0) || this.problem;
    this.slider.max = String(total);
    this.slider.value = String(g.moveNumber);
    this.number.textContent = `${g.moveNumber} / ${total}`;
    this.backButton.hidden = this.lesson === null;
    const p = this.problemState;
    this.answerButton.hidden = p?.state !== "open";
    this.retryButton.hidden = !p || g.moveNumber === 0 || (p.start.length === this.path.length && !p.offTree);
    this.tools.hidden = this.backButton.hidden && this.answerButton.hidden && this.retryButton.hidden;

    this.caption.className = "caption";
    if (this.note) {
      this.caption.textContent = this.note.text;
      if (this.note.kind) this.caption.classList.add(this.note.kind);
    } else {
      this.caption.textContent = `Move ${g.moveNumber}${last ? `: ${moveText(last)}` : ""}. Captures: Black ${g.captures.black}, White ${g.captures.white}.`;
    }
    this.dataset.moveNumber = String(g.moveNumber);
    if (p) this.dataset.problem = p.state;
    else delete this.dataset.problem;
    // The author's aria-label on the element is theirs; ours is the board's own.
    view.svg.setAttribute("aria-label", `Go board, ${g.size} by ${g.size}, at move ${g.moveNumber}`);
  }

  /** Moves from the start to the end of the line shown. */
  private lineLength(g: Game): number {
    const at = g.moveNumber;
    let n = at;
    const saved = [...this.path];
    let depth = this.path.length;
    const steps: number[] = [];
    while (true) {
      const i = this.line[depth] ?? 0;
      if (i >= g.variations().length) break;
      g.chooseVariation(i);
      steps.push(i);
      depth++;
      n = g.moveNumber;
    }
    for (let k = 0; k < steps.length; k++) g.previous();
    this.path = saved;
    return n;
  }

  /** The buttons under the board, one a variation: "A: D4", and the author's sign where it hides the letter, "A: D4 (marked 2)". */
  private drawVariationList(variations: readonly Variation[], markup: Markup): void {
    this.variationList.replaceChildren();
    this.variationList.hidden = variations.length < 2;
    if (variations.length < 2) return;
    for (const v of variations) {
      const b = document.createElement("button");
      b.type = "button";
      const sign = v.vertex ? signWords(markup, v.vertex) : null;
      b.textContent = `${variationLetter(v.index)}: ${v.gtp || "no move"}${sign ? ` (${sign})` : ""}`;
      b.dataset.variation = String(v.index);
      b.addEventListener("click", () => this.chooseVariation(v.index));
      this.variationList.append(b);
    }
  }

  /**
   * The overlays need the analysis of the position shown: its static
   * layers are drawn at once, and the worker reads its life and death (off
   * the page's thread), drawn when it arrives; a position passed by
   * meanwhile is never asked for. Without overlays nothing is asked.
   */
  private scheduleAnalysis(g: Game, board: Int8Array): void {
    const view = this.view;
    if (this.enabled.size === 0) {
      this.analysedKey = null;
      drawOverlays((id) => view.overlayLayer(id), this.enabled, null);
      return;
    }
    this.scheduler ??= new AnalysisScheduler(engine(), {
      position: () => (this.game ?? g).position(),
      options: () => ({}),
      staticAnalysis: (statuses) => (this.game ?? g).analyzeStatic({}, statuses),
      previewTarget: () => null,
      draw: (analysis: Analysis | null, statuses: Statuses) => {
        drawOverlays((id) => this.view.overlayLayer(id), this.enabled, analysis, statuses);
        // The full analysis, statuses read, is what this attribute waits for.
        if (analysis && statuses === "read") this.dataset.analysedMove = String(analysis.moveNumber);
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

  /**
   * Plays `v` in `g` (a new variation where the record has none there) and
   * follows it: the path and the line end with it. False, with the error
   * shown, when the move is illegal.
   */
  private playOnPath(g: Game, v: Vertex): boolean {
    const index = g.variations().length;
    try {
      g.play(v);
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
      return false;
    }
    this.path.push(index);
    this.line = [...this.path];
    return true;
  }

  private fail(text: string): void {
    const message = text.charAt(0).toUpperCase() + text.slice(1);
    this.note = { text: message, kind: "error" };
    this.caption.className = "caption error";
    this.caption.textContent = message;
    this.emit<GoBoardErrorDetail>("error", { message });
  }

  private say(text: string, kind: "" | "solved" | "failed" = ""): void {
    this.note = { text, kind };
    this.draw();
  }

  // --- playing -----------------------------------------------------------------

  private get decided(): boolean {
    const p = this.problemState;
    return p !== null && p.state !== "open";
  }

  private play(v: Vertex): void {
    const g = this.game;
    if (!g) return;
    if (this.problem) {
      void this.problemMove(v);
      return;
    }
    const match = g.variations().find((x) => x.vertex && x.vertex.x === v.x && x.vertex.y === v.y);
    if (match) {
      // A click on a next move of the record follows it, playable board or not.
      this.chooseVariation(match.index);
      if (this.interactive || this.hasAttribute("engine")) this.moved(false, []);
      return;
    }
    if (!(this.interactive || this.hasAttribute("engine"))) return;
    if (this.thinkingAt !== null) {
      this.fail("moku is thinking: wait for its move");
      return;
    }
    if (this.engineColor() === g.toMove) {
      this.fail(`moku plays ${g.toMove} here`);
      return;
    }
    const lesson = this.hasRecord && !this.lesson ? { sgf: g.toSgf(), path: [...this.path] } : null;
    if (!this.playOnPath(g, v)) return;
    if (lesson) this.lesson = lesson;
    this.note = null;
    this.draw();
    this.moved(false, []);
    this.maybeEngineMove();
  }

  private moved(engine: boolean, reasons: string[]): void {
    const g = this.game;
    if (!g) return;
    this.emit<GoBoardMoveDetail>("move", { move: g.lastMove?.gtp ?? "", moveNumber: g.moveNumber, engine, reasons });
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
    this.say("moku is thinking…");
    engine()
      .genmove(g.position(), { level })
      .then(
        (r) => {
          this.thinkingAt = null;
          if (this.game !== g || g.moveNumber !== at) return;
          const index = g.variations().length;
          if (r.move === "resign") g.resign();
          else g.play(r.move);
          this.path.push(index);
          this.line = [...this.path];
          const reasons = r.reasons.map((x) => x.text);
          this.caption.title = reasons.join("\n");
          this.say(`moku played ${r.move}${reasons.length ? `: ${reasons[0]}` : ""}.`);
          this.moved(true, reasons);
        },
        (e: unknown) => {
          this.thinkingAt = null;
          if (!(e instanceof CancelledError)) this.fail(e instanceof Error ? e.message : String(e));
        },
      );
  }

  // --- problems ----------------------------------------------------------------

  private startProblem(g: Game): void {
    const p: ProblemState = {
      state: "open",
      target: null,
      student: g.toMove,
      offTree: false,
      sgf: g.toSgf(),
      start: [...this.path],
    };
    this.problemState = p;
    this.say(`${g.toMove === "black" ? "Black" : "White"} to play.`);
    // moku reads the start once: the group at stake, for where the tree ends.
    void engine()
      .analyze(g.position())
      .then(
        (a) => {
          if (this.problemState === p) p.target = problemTarget(a.groups, p.student);
        },
        () => {},
      );
  }

  /** The reader's move in a problem: the record answers where it has the move, moku where it does not. */
  private async problemMove(v: Vertex): Promise<void> {
    const g = this.game;
    const p = this.problemState;
    if (!g || !p || p.state !== "open" || this.thinkingAt !== null || g.toMove !== p.student) return;
    const match = p.offTree
      ? undefined
      : g.variations().find((x) => x.vertex && x.vertex.x === v.x && x.vertex.y === v.y);
    if (match) {
      this.chooseVariation(match.index, false);
      this.moved(false, []);
      if (this.judgeByRecord()) return;
      const replies = g.variations();
      if (replies.length > 0) {
        this.chooseVariation(0, false);
        this.moved(true, []);
        if (this.judgeByRecord()) return;
        if (g.variations().length > 0) {
          this.say(`${g.lastMove?.gtp ?? ""}: your move.`);
          return;
        }
      }
      // The record's tree ends here without a verdict: moku judges.
      p.offTree = true;
      await this.judgeByMoku(false);
      return;
    }
    if (!this.playOnPath(g, v)) return;
    p.offTree = true;
    this.draw();
    this.moved(false, []);
    await this.judgeByMoku(true);
  }

  /** Decides the problem when the comment of the position shown says right or wrong; whether it did. */
  private judgeByRecord(): boolean {
    const g = this.game;
    const p = this.problemState;
    if (!g || !p) return false;
    const verdict = commentVerdict(g.comment);
    if (verdict === null) {
      this.draw();
      return false;
    }
    const state = verdict === "right" ? "solved" : "failed";
    p.state = state;
    const text = verdict === "right" ? "Correct: the record's answer." : "Wrong: the record refutes this move.";
    this.say(text, state);
    this.emit<GoBoardProblemDetail>("problem", { state, text, by: "record" });
    return true;
  }

  /**
   * moku's answer where the record has none: its reading of the group at
   * stake decides the problem, or moku plays the other side's reply (the
   * reading's saving or killing move) and the reader goes on.
   */
  private async judgeByMoku(reply: boolean): Promise<void> {
    const g = this.game;
    const p = this.problemState;
    if (!g || !p) return;
    this.thinkingAt = g.moveNumber;
    this.say("moku is reading…");
    try {
      if (!p.target) p.target = await this.readTarget(p);
      const target = p.target;
      if (!target) {
        this.thinkingAt = null;
        this.say("moku sees no group at stake in this problem.");
        return;
      }
      const name = vertexName(target.stone, g.size);
      let a = await engine().analyze(g.position());
      let o = outcome(targetGroup(a.groups, target), target, name);
      if (o.state === "open" && reply) {
        const group = targetGroup(a.groups, target);
        // The other side's answer from the reading: save its own group, or kill the student's.
        const answer = group === "captured" ? null : target.goal === "kill" ? group.defense : group.attack;
        const move = answer ?? (await engine().genmove(g.position(), { level: levels().default })).move;
        const index = g.variations().length;
        if (move === "resign") g.resign();
        else g.play(move);
        this.path.push(index);
        this.line = [...this.path];
        this.moved(true, []);
        a = await engine().analyze(g.position());
        o = outcome(targetGroup(a.groups, target), target, name);
      }
      this.thinkingAt = null;
      if (o.state === "open") {
        this.say(`moku answered ${g.lastMove?.gtp ?? ""}: your move.`);
        return;
      }
      p.state = o.state;
      const text = o.text.charAt(0).toUpperCase() + o.text.slice(1);
      this.say(text, o.state);
      this.emit<GoBoardProblemDetail>("problem", { state: o.state, text, by: "moku" });
    } catch (e) {
      this.thinkingAt = null;
      if (!(e instanceof CancelledError)) this.fail(e instanceof Error ? e.message : String(e));
    }
  }

  private async readTarget(p: ProblemState): Promise<Target | null> {
    const start = Game.fromSgf(p.sgf);
    try {
      for (const i of p.start) start.chooseVariation(i);
      const a = await engine().analyze(start.position());
      return problemTarget(a.groups, p.student);
    } finally {
      start.free();
    }
  }

  /** Plays the answer: the record's right line when it has one, else moku's vital point for the group at stake. */
  async showAnswer(): Promise<void> {
    const p = this.problemState;
    if (!p || !this.game) return;
    this.retry(false);
    const g = this.game;
    const line = this.rightLine(g);
    if (line) {
      for (const i of line) this.chooseVariation(i, false);
      p.state = "solved";
      this.answerButton.hidden = true;
      this.say(`The answer: ${g.comment ?? "the record's right line"}`);
      this.navigated();
      return;
    }
    p.target ??= await this.readTarget(p);
    const target = p.target;
    if (!target) {
      this.say("moku sees no group at stake in this problem.");
      return;
    }
    const a = await engine().analyze(g.position());
    const group = targetGroup(a.groups, target);
    const point = group === "captured" ? null : target.goal === "kill" ? group.attack : group.defense;
    if (!point) {
      this.say("moku's reading finds no move that decides this group.");
      return;
    }
    const who = p.student === "black" ? "Black" : "White";
    const name = vertexName(target.stone, g.size);
    const verb = target.goal === "kill" ? "kills" : "saves";
    this.say(`moku's reading: ${who} ${verb} the group at ${name} by playing ${vertexName(point, g.size)}.`);
    drawMarkup(this.view.markupLayer, { ...g.markup, triangles: [point] }, g.size, () => 0);
  }

  /** The variations from the position shown to the first node whose comment says right, or null. */
  private rightLine(g: Game): number[] | null {
    const found: number[] = [];
    const search = (depth: number): boolean => {
      if (depth > 0 && commentVerdict(g.comment) === "right") return true;
      const n = g.variations().length;
      for (let i = 0; i < n; i++) {
        g.chooseVariation(i);
        found.push(i);
        const hit = search(depth + 1);
        g.previous();
        if (hit) return true;
        found.pop();
      }
      return false;
    };
    return search(0) ? found : null;
  }

  /** Back to the problem's start. */
  retry(announce = true): void {
    const p = this.problemState;
    if (!p || !this.game) return;
    this.game.free();
    this.game = Game.fromSgf(p.sgf);
    this.path = [];
    this.line = [];
    for (const i of p.start) this.chooseVariation(i, false);
    p.state = "open";
    p.offTree = false;
    this.thinkingAt = null;
    if (announce) {
      this.say(`${p.student === "black" ? "Black" : "White"} to play.`);
      this.navigated();
    }
  }

  // --- pointer and keys --------------------------------------------------------

  private hover(v: Vertex | null): void {
    const g = this.game;
    if (!g) return;
    this.view.setGhost(v && this.legal.has(indexOf(v, g.size)) ? v : null);
  }

  /**
   * Keys while the board has the focus: Left/Right (or PageUp/PageDown) a
   * move back or forward, Home/End the start or the end, Up/Down the
   * previous or next variation of the position shown; on a board that takes
   * moves, Enter plays at the keyboard cursor, which the arrow keys move
   * while Shift is held.
   */
  private key(e: KeyboardEvent): void {
    const g = this.game;
    if (!g) return;
    const playable = this.interactive || this.hasAttribute("engine") || this.problem;
    if (playable && (e.shiftKey || e.key === "Enter" || e.key === " ")) {
      if (this.cursorKey(e)) return;
    }
    const steps: Record<string, () => unknown> = {
      ArrowLeft: () => this.back(),
      PageUp: () => this.back(),
      ArrowRight: () => this.forward(),
      PageDown: () => this.forward(),
      Home: () => this.first(),
      End: () => this.last(),
      ArrowUp: () => this.sibling(-1),
      ArrowDown: () => this.sibling(1),
    };
    const f = this.problem ? undefined : steps[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  }

  /** The keyboard cursor: Shift+arrows move it, Enter or Space plays there. */
  private cursor: Vertex | null = null;

  private cursorKey(e: KeyboardEvent): boolean {
    const g = this.game;
    if (!g) return false;
    const c = this.cursor ?? { x: (g.size - 1) >> 1, y: (g.size - 1) >> 1 };
    const next = arrowStep(e.key, c, g.size);
    if (next) {
      this.cursor = next;
      this.view.setFocusRing(this.cursor);
      this.hover(this.cursor);
    } else if (e.key === "Enter" || e.key === " ") {
      this.cursor = c;
      this.play(c);
      this.view.setFocusRing(this.cursor);
    } else return false;
    e.preventDefault();
    return true;
  }

  /** Switches to the variation `delta` away from the one shown, at the last branch. */
  private sibling(delta: number): void {
    const g = this.game;
    const i = this.path[this.path.length - 1];
    if (!g || i === undefined) return;
    g.previous();
    this.path.pop();
    const n = g.variations().length;
    const j = Math.min(n - 1, Math.max(0, i + delta));
    this.chooseVariation(j);
  }
}

/**
 * The properties that mirror the element's attributes (set on the
 * prototype below, so each is one entry here). A boolean is the
 * attribute's presence; a text is the attribute's value (null when it is
 * absent); a number is the value read as a number (null when absent or
 * blank). Setting null removes the attribute.
 */
export interface GoBoardElement {
  /** The `interactive` attribute: a visitor may play moves. */
  interactive: boolean;
  /** The `problem` attribute: the record is a problem to solve. */
  problem: boolean;
  /** The `move-numbers` attribute: numbers on the stones. */
  moveNumbers: boolean;
  /** The `hide-coordinates` attribute: no coordinates around the board. */
  hideCoordinates: boolean;
  /** The `sgf` attribute: the record's URL, or the record itself when it starts with `(`. */
  sgf: string | null;
  /** The `move` attribute: the move shown first, a number or `"last"`. */
  get move(): string | null;
  set move(v: string | number | null);
  /** The `overlays` attribute: comma-separated overlay ids. */
  overlays: string | null;
  /** The `rules` attribute, for a new game, e.g. `"japanese"`. */
  rules: string | null;
  /** The `engine` attribute: the colour moku plays, `"black"` or `"white"`. */
  engine: string | null;
  /** The `size` attribute: the size of a new game (ignored with `sgf`). */
  get size(): number | null;
  set size(v: number | null);
  /** The `komi` attribute, for a new game. */
  get komi(): number | null;
  set komi(v: number | null);
  /** The `level` attribute: moku's level, 1 to 10. */
  get level(): number | null;
  set level(v: number | null);
}

for (const [kind, properties] of Object.entries(REFLECTED)) {
  for (const [property, attribute] of Object.entries(properties)) {
    Object.defineProperty(GoBoardElement.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement): boolean | string | number | null {
        if (kind === "boolean") return this.hasAttribute(attribute);
        const a = this.getAttribute(attribute);
        if (kind === "text" || a === null) return a;
        return a.trim() === "" ? null : Number(a);
      },
      set(this: HTMLElement, v: unknown): void {
        if (kind === "boolean") this.toggleAttribute(attribute, Boolean(v));
        else if (v === null || v === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(v));
      },
    });
  }
}

/**
 * Registers the element under `name` (a new subclass each time, since a
 * class may be defined only once); for a site whose `go-board` is taken.
 * Returns the name, or throws when it is taken too.
 */
export function defineGoBoard(name: string): string {
  if (customElements.get(name)) throw new Error(`the element name ${name} is already taken`);
  customElements.define(name, class extends GoBoardElement {});
  return name;
}

/** Registers the element as `go-board`, or `moku-board` when `go-board` is taken; the name, or null when both are. */
function register(): string | null {
  if (typeof customElements === "undefined") return null;
  if (!customElements.get("go-board")) {
    customElements.define("go-board", GoBoardElement);
    return "go-board";
  }
  return customElements.get("moku-board") ? null : defineGoBoard("moku-board");
}

/** The name this module registered the element under: `go-board`, or `moku-board` when `go-board` is taken (null when both are). */
export const registeredName: string | null = register();

declare global {
  interface HTMLElementTagNameMap {
    "go-board": GoBoardElement;
  }
}
