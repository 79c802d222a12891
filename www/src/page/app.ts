// The demo page: the game, the board view and the engine worker, wired to
// the controls (app/controls.ts), the analysis scheduling
// (analysis-scheduler.ts, shared with <go-board>), the overlay panel (app/overlay-panel.ts)
// and counting (app/counting.ts). It knows no Go rules: it sends the
// user's intent to the API and draws what comes back.

import {
  Game,
  StatusCode,
  type Analysis,
  type Color,
  type EstimateResult,
  type GameInfo,
  type GameOptions,
  type Position,
  type Vertex,
  type VertexInput,
} from "../../pkg/moku.js";
import { AnalysisScheduler } from "../engine/analysis-scheduler.js";
import { clearGame, loadGame, saveGame, type SavedGame } from "./autosave.js";
import { bindControls, type PageActions, type Player } from "./controls.js";
import { DeadStones, countText, estimateSentence } from "./counting.js";
import { OverlayPanel } from "./overlay-panel.js";
import {
  $,
  announce,
  announceCursor,
  clearMessage,
  errorText,
  leftOutText,
  notOpenedText,
  openedText,
  showError,
} from "./page.js";
import { EnginePanel, hintSentence, moveSentence } from "./play.js";
import { ReviewPanel } from "./review.js";
import { SelfCheckPanel } from "./selfcheck.js";
import { turnLine } from "./turn.js";
import { BOARD_CSS, BoardView } from "../view/board-view.js";
import {
  drawMarkup,
  drawVariations,
  gameInfoText,
  LESSON_CSS,
  signWords,
  variationLetter,
  viewBounds,
} from "../view/lesson.js";
import { indexOf, vertexName } from "../view/coords.js";
import { CancelledError, EngineWorker } from "../engine/engine.js";
import { estimateText } from "../view/overlays/score.js";
import { colorName, moveText, textBoard } from "../view/text-board.js";
import { loadMoku } from "../engine/wasm.js";

/**
 * The most search workers the page starts: root parallelism gains less
 * with each worker (the trees repeat each other's best lines), and every
 * worker is a wasm instance of its own; four keeps a laptop responsive.
 */
const PAGE_SEARCH_WORKERS = 4;
class App implements PageActions {
  private current: Game;
  private readonly view: BoardView;
  // Moves at the tree levels use a worker per spare core (up to
  // PAGE_SEARCH_WORKERS), their trees merged at the root: more playouts in
  // the same second.
  private readonly engine = new EngineWorker({
    onFailure: (m) => this.engineFailed(m),
    searchWorkers: Math.max(1, Math.min(PAGE_SEARCH_WORKERS, (navigator.hardwareConcurrency || 2) - 1)),
  });
  // The playouts' count of each position shown has a worker of its own: in
  // the engine's it would wait behind the statuses' reading and hold up the
  // next one (each is a third to half a second on 19x19), and moku's move
  // would wait behind it.
  private readonly estimator = new EngineWorker({ onFailure: (m) => this.engineFailed(m) });
  private readonly panel: OverlayPanel;
  private readonly analyses: AnalysisScheduler;
  private players: Record<Color, Player> = { black: "human", white: "human" };
  /** The legal points of the side to move, by row-major index. */
  private legal = new Set<number>();
  private hover: Vertex | null = null;
  private firstDrawn = false;
  /** Stones marked dead for the count; cleared when the position changes. */
  private readonly dead = new DeadStones();
  private readonly enginePanel: EnginePanel;
  private readonly reviewPanel: ReviewPanel;
  private readonly selfCheckPanel: SelfCheckPanel;
  /** Whether the game shown was started on this page (its record gets today's date). */
  private playedHere = false;
  /** Whether the record shown was opened from a file (its variations keep their order as the file has them). */
  private opened = false;
  /** Counts up on every redraw: which position an estimate is of. */
  private positionSerial = 0;
  /** Whether an estimate is in flight (one at a time; the newest position next). */
  private estimating = false;
  /** The playouts' count of the position shown, once it has arrived. */
  private estimateShown: EstimateResult | null = null;
  /** The words after the player's name in the turn line (" to play"), which the end of the game replaces. */
  private readonly turnRest: HTMLSpanElement;

  constructor() {
    this.current = new Game({ size: 19, komi: 6.5, rules: "japanese" });
    // The page's HTML writes " to play" as bare text after #to-move: an element of its own, so that it can change.
    const who = $("to-move");
    while (who.nextSibling) who.nextSibling.remove();
    this.turnRest = document.createElement("span");
    this.turnRest.id = "to-move-rest";
    who.after(this.turnRest);
    const style = document.createElement("style");
    style.textContent = BOARD_CSS + LESSON_CSS;
    document.head.appendChild(style);
    this.view = new BoardView($("board"), this.current.size, {
      onPlay: (v) => this.clicked(v),
      onHover: (v) => this.hoverAt(v),
      onTapPreview: (v) =>
        announce(`${vertexName(v, this.current.size)}: tap it again to play there, or tap another point.`),
      onCursor: (v) => {
        if (!v) return;
        const s = this.view.stoneAt(v);
        const what = s > 0 ? "a black stone" : s < 0 ? "a white stone" : "empty";
        announceCursor(`${vertexName(v, this.current.size)}: ${what}.`);
      },
    });
    this.view.enableKeyboardCursor();
    this.analyses = new AnalysisScheduler(this.engine, {
      position: () => this.current.position(),
      options: () => this.panel.options,
      staticAnalysis: (statuses) =>
        this.panel.enabled.size > 0 ? this.current.analyzeStatic(this.panel.options, statuses) : null,
      previewTarget: () => this.previewTarget(),
      draw: (a, statuses, base) => this.panel.draw(a, statuses, base ?? null),
      analysed: (a) => this.showStaticCount(a),
    });
    this.enginePanel = new EnginePanel(
      this.engine,
      (id) => this.view.overlayLayer(id),
      () => this.whyNotPosition(),
      { size: () => this.current.size, stoneAt: (v) => this.view.stoneAt(v) },
    );
    this.reviewPanel = new ReviewPanel(
      this.engine,
      () => this.view.overlayLayer("review"),
      (n) => this.navigate(() => this.current.goToMove(n)),
      (moves) => {
        for (const m of moves)
          this.current.annotateMove(m.number, m.text, m.verdict, m.played === m.preferred ? null : m.preferredVertex);
        this.redraw();
      },
    );
    this.selfCheckPanel = new SelfCheckPanel(this.engine, (n) => this.navigate(() => this.current.goToMove(n - 1)));
    bindControls(this);
    const settings = {
      radiationModel: $<HTMLSelectElement>("radiation-model"),
      moyoThreshold: $<HTMLInputElement>("moyo-threshold"),
      concaveFix: $<HTMLInputElement>("concave-fix"),
      completion: $("completion"),
    };
    this.panel = new OverlayPanel($("overlay-list"), settings, (id) => this.view.overlayLayer(id), {
      toggled: () => {
        this.analyses.redraw();
        this.analyses.preview();
      },
      optionsChanged: () => this.redraw(),
    });
    const saved = loadGame();
    this.redraw();
    if (saved) this.offerResume(saved);
  }

  /** The game shown. */
  get game(): Game {
    return this.current;
  }

  // --- actions ----------------------------------------------------------------

  /** Runs an action on the game; a rejected one shows its message and changes nothing. */
  private act(action: () => void, said?: () => string): boolean {
    try {
      action();
    } catch (e) {
      showError(errorText(e));
      return false;
    }
    clearMessage();
    this.dead.clear();
    this.redraw();
    if (said) announce(said());
    return true;
  }

  /** A click on the board: asks "why not here?", marks dead stones after the game, or plays. */
  private clicked(v: Vertex): void {
    if (this.enginePanel.asking) {
      void this.enginePanel.whyNot(v, vertexName(v, this.current.size)).catch(() => {});
      return;
    }
    if (this.current.isOver && this.view.stoneAt(v) !== 0) this.toggleDead(v);
    else if (this.players[this.current.toMove] === "engine" && this.enginePanel.busy)
      showError("moku is thinking: wait for its move");
    else this.play(v);
  }

  /**
   * The position "why not here?" asks about: the one before the engine's
   * last move when the board shows that move, else the position shown.
   */
  private whyNotPosition(): Position {
    const p = this.current.position();
    const last = this.current.lastMove;
    const history = p.history ?? [];
    if (last && this.players[last.color] === "engine" && history.length > 0) {
      return { ...p, history: history.slice(0, -1), toMove: last.color };
    }
    return p;
  }

  play(v: VertexInput): void {
    const mover = this.current.toMove;
    const before = this.current.captures[mover];
    const ok = this.act(
      () => this.playInGame(() => this.current.play(v)),
      () => {
        const last = this.current.lastMove;
        const took = this.current.captures[mover] - before;
        const caps = took > 0 ? `, capturing ${took} stone${took > 1 ? "s" : ""}` : "";
        return `${last ? moveText(last) : ""}${caps}. ${this.turnText()}`;
      },
    );
    if (ok) this.maybeEngineMove();
  }

  pass(): void {
    const ok = this.act(
      () => this.playInGame(() => this.current.pass()),
      () => `${colorName(this.current.toMove === "black" ? "white" : "black")} passes. ${this.turnText()}`,
    );
    if (ok && this.current.isOver) {
      this.showCount();
      announce(
        "The game is over. Click the dead stones to take them out of the count; a move on an empty point resumes the game.",
      );
      this.markDeadByReading();
    }
    if (ok) this.maybeEngineMove();
  }

  /**
   * Plays a move with `move`; in a game not opened from a file, the line played
   * becomes the record's main line, so that after a takeback the game as
   * played is what is saved and reviewed, the moves taken back a variation.
   * A loaded record keeps its variations' order.
   */
  private playInGame(move: () => void): void {
    move();
    if (!this.opened) this.current.makeMainLine();
  }

  /** The side to move resigns, when a person plays it (while moku thinks, it is moku's turn: nothing happens). */
  resign(): void {
    const side = this.current.toMove;
    if (this.current.isOver || this.players[side] === "engine") return;
    this.act(
      () => this.current.resign(),
      () => `${colorName(side)} resigns. ${colorName(side === "black" ? "white" : "black")} wins.`,
    );
  }

  /** Shows game `g` in place of the one shown (freed): no statuses read in the old one are carried into it. */
  /**
   * A new game or record takes the board: a search moku runs for the old one
   * is stopped (its answer would be about another board, and a hint asked
   * next would wait for it), and the panels forget the old game.
   */
  private replaceGame(g: Game): void {
    if (this.enginePanel.busy) this.engine.cancel();
    this.enginePanel.reset();
    this.reviewPanel.reset();
    this.selfCheckPanel.reset();
    this.current.free();
    this.current = g;
    this.analyses.gameChanged();
  }

  /** Whether moku plays exactly one side: then undo and redo go by whole turns. */
  private againstMoku(): boolean {
    return (this.players.black === "engine") !== (this.players.white === "engine");
  }

  /**
   * Takes back a turn. Against moku: moku's reply and the person's move
   * before it, back to the person's turn (a search under way is stopped);
   * if that leaves moku to move (it plays Black, at move 0), moku moves.
   */
  undo(): void {
    if (!this.againstMoku()) {
      this.navigate(() => this.current.undo());
      return;
    }
    const stopped = this.enginePanel.busy;
    if (stopped) this.engine.cancel();
    this.navigate(() => {
      this.current.undo();
      while (this.current.moveNumber > 0 && this.players[this.current.toMove] === "engine") this.current.undo();
    });
    // After a cancelled search its promise settles first, then moku may move.
    setTimeout(() => this.maybeEngineMove());
  }

  /** Plays a turn taken back again. Against moku: the person's move and moku's reply; moku moves if it has no reply kept. */
  redo(): void {
    if (!this.againstMoku()) {
      this.navigate(() => this.current.redo());
      return;
    }
    if (this.enginePanel.busy) return;
    this.navigate(() => {
      this.current.redo();
      while (this.players[this.current.toMove] === "engine" && this.current.variations().length > 0)
        this.current.redo();
    });
    this.maybeEngineMove();
  }

  private turnText(): string {
    return this.current.isOver
      ? "The game is over: both players passed."
      : `${colorName(this.current.toMove)} to play.`;
  }

  navigate(step: () => void): void {
    this.act(step, () => {
      const last = this.current.lastMove;
      return `Move ${this.current.moveNumber}${last ? `: ${moveText(last)}` : ", the start"}. ${this.turnText()}`;
    });
  }

  newGame(options: GameOptions, players: Record<Color, Player>, level?: number): void {
    this.act(
      () => {
        this.replaceGame(new Game(options));
        this.players = players;
        this.playedHere = true;
        this.opened = false;
        if (level !== undefined) this.enginePanel.level = level;
      },
      () => `New ${this.current.size} by ${this.current.size} game. ${this.turnText()}`,
    );
    this.maybeEngineMove();
  }

  loadSgf(text: string, source: string): void {
    let fault: string | undefined;
    const opened = this.act(
      () => {
        // A record whose main line breaks the rules opens up to the node before, and says what was left out.
        const g = Game.fromSgfUntilFault(text);
        fault = g.fault;
        // A position alone (a problem) may set its stones up after an empty
        // root: the board shows the position, not the empty board before it.
        if (g.moves().length === 0) g.last();
        this.replaceGame(g);
        this.players = { black: "human", white: "human" };
        this.playedHere = false;
        this.opened = true;
      },
      () => openedText(source, this.current.moves().length),
    );
    // The status line still spoke of the record opened before (the error says why this one was not).
    if (!opened) announce(notOpenedText(source));
    else if (fault) showError(leftOutText(source, fault));
  }

  /** Asks moku for its move in the position shown (free play or a record): the move, its reasons and candidates, not played. */
  hint(): void {
    if (this.enginePanel.busy || this.current.isOver) return;
    const token = this.analyses.token;
    this.enginePanel.think(this.current.position(), this.current.moveNumber, true).then(
      (r) => {
        // A move made meanwhile may have left moku to move: it could not while the hint's search ran.
        if (!this.analyses.isCurrent(token)) return this.maybeEngineMove();
        const why = r.reasons[0]?.text;
        announce(`${hintSentence(r)}${why ? ` ${why.charAt(0).toUpperCase()}${why.slice(1)}.` : ""}`);
      },
      (e: unknown) => {
        if (!(e instanceof CancelledError)) showError(errorText(e));
      },
    );
  }

  /** Reviews the game's main line in the worker, move by move. */
  review(): void {
    if (this.reviewPanel.busy) return;
    const final = this.mainLineEnd();
    this.enginePanel.forgetMove();
    announce("Reviewing the game: every move valued beside moku's choice.");
    // The results are what the status line points at: the panel scrolls to them (below moku's reasons and the
    // overlays' list they would start under the panel's fold).
    const showResults = (): void => $("review-box").scrollIntoView({ block: "nearest" });
    const running = this.reviewPanel.run(final);
    showResults();
    running.then(
      () => {
        showResults();
        announce("The review is done: the marked points of the graph are the flagged moves; click one to go there.");
      },
      (e: unknown) => {
        if (!(e instanceof CancelledError)) showError(errorText(e));
      },
    );
  }

  /** The position at the end of the record's main line, its history the main line's moves (what the review and the self-check go through). */
  private mainLineEnd(): Position {
    const copy = Game.fromSgf(this.current.toSgf());
    copy.last();
    const final = copy.position();
    copy.free();
    return final;
  }

  /** Runs the evaluation's self-check over the record's main line in the worker, position by position. */
  selfCheck(): void {
    if (this.selfCheckPanel.busy) return;
    const final = this.mainLineEnd();
    announce("Checking the evaluation at every position of the record.");
    this.selfCheckPanel.run(final, this.panel.options).then(
      () => announce(`The self-check is done. ${$("selfcheck-summary").textContent ?? ""}`),
      (e: unknown) => {
        if (!(e instanceof CancelledError)) showError(errorText(e));
      },
    );
  }

  /**
   * The record's game information as the page knows it: moku's name and
   * level for the sides it plays, the date of a game played here, and the
   * result once the game is over (a resignation, or the count with the
   * stones marked dead).
   */
  private writeGameInfo(): void {
    const info: GameInfo = {};
    for (const c of ["black", "white"] as const)
      if (this.players[c] === "engine") info[c] = `moku level ${this.enginePanel.level}`;
    if (this.playedHere) info.date = new Date().toISOString().slice(0, 10);
    if (this.current.isOver) {
      const last = this.current.lastMove;
      info.result =
        last?.gtp === "resign"
          ? `${last.color === "black" ? "W" : "B"}+R`
          : this.current.score({ deadStones: this.dead.stones() }).result;
    }
    this.current.setGameInfo(info);
  }

  saveSgf(): void {
    this.writeGameInfo();
    const blob = new Blob([this.current.toSgf()], { type: "application/x-go-sgf" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `moku-${new Date().toISOString().slice(0, 10)}.sgf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    announce("Saved the game record as SGF.");
  }

  /** Asks the engine for a move when it plays the side to move, and plays it with its reasons shown. */
  private maybeEngineMove(): void {
    const side = this.current.toMove;
    if (this.players[side] !== "engine" || this.current.isOver || this.enginePanel.busy) return;
    const token = this.analyses.token;
    this.enginePanel.think(this.current.position(), this.current.moveNumber).then(
      (r) => {
        if (!this.analyses.isCurrent(token)) return;
        if (r.move === "resign") {
          this.act(
            () => this.current.resign(),
            () => `${moveSentence(r)} ${colorName(side === "black" ? "white" : "black")} wins.`,
          );
          return;
        }
        if (r.move === "pass") this.pass();
        else this.play(r.move);
        const why = r.reasons[0]?.text;
        const said = `${moveSentence(r)}${why ? ` ${why.charAt(0).toUpperCase()}${why.slice(1)}.` : ""} ${this.turnText()}`;
        if (!this.current.isOver) announce(said);
      },
      (e: unknown) => {
        if (!(e instanceof CancelledError)) showError(errorText(e));
      },
    );
  }

  // --- surviving ------------------------------------------------------------------

  /** For tests: the engine worker dies as a trap would kill it. */
  crashEngine(): Promise<void> {
    return this.engine.crash();
  }

  /** The engine worker died: say so, and go on with a fresh one (the game is the page's, not the worker's). */
  private engineFailed(message: string): void {
    // After the rejected requests' own handlers, so that this message is the one shown.
    setTimeout(() => {
      showError(`The engine stopped (${message}). A new one has started; your game is kept.`);
      $("message").dataset.kind = "engine-restarted";
      this.analyses.positionChanged();
      this.maybeEngineMove();
    });
  }

  /** Offers back the game kept from the last visit. */
  private offerResume(saved: SavedGame): void {
    const box = $("resume");
    const when = new Date(saved.savedAt);
    const date = Number.isNaN(when.getTime()) ? "" : ` from ${when.toLocaleString("en")}`;
    $("resume-text").textContent = `Resume your game${date} (move ${saved.moveNumber})?`;
    box.hidden = false;
    $("resume-yes").onclick = () => {
      box.hidden = true;
      this.act(
        () => {
          const g = Game.fromSgf(saved.sgf);
          g.goToMove(saved.moveNumber);
          this.replaceGame(g);
          this.players = saved.players;
          this.playedHere = true;
          this.opened = false;
          this.enginePanel.level = saved.level;
        },
        () => `Resumed your game at move ${saved.moveNumber}. ${this.turnText()}`,
      );
      this.maybeEngineMove();
    };
    $("resume-no").onclick = () => {
      box.hidden = true;
      clearGame();
    };
  }

  /** Keeps the game in localStorage (after every change; an empty record is not kept). */
  private autosave(): void {
    const g = this.current;
    if (g.moveNumber === 0 && g.variations().length === 0) return;
    saveGame({
      sgf: g.toSgf(),
      moveNumber: g.moveNumber,
      players: this.players,
      level: this.enginePanel.level,
      savedAt: new Date().toISOString(),
    });
  }

  // --- counting -----------------------------------------------------------------

  /** At the end of the game, marks the stones the engine reads as dead, then counts (the person can still click to change them). */
  private markDeadByReading(): void {
    const at = this.current.moveNumber;
    this.engine.analyze(this.current.position()).then(
      (a) => {
        if (this.current.moveNumber !== at || !this.current.isOver || this.dead.count > 0) return;
        const size = this.current.size;
        const stones: Vertex[] = [];
        a.groupStatus.forEach((code, i) => {
          if (code === StatusCode.Dead) stones.push({ x: i % size, y: Math.floor(i / size) });
        });
        if (stones.length === 0) return;
        this.dead.markAll(stones, size);
        this.view.setDead(this.dead.stones());
        this.showCount();
        announce(
          `The game is over. moku's reading marks ${stones.length} stone${stones.length > 1 ? "s" : ""} dead for the count; click a chain to change it.`,
        );
      },
      () => {},
    );
  }

  /** Marks the chain through `v` dead for the count, or alive again. */
  private toggleDead(v: Vertex): void {
    this.dead.toggleChain(this.current.chain(v), this.current.size);
    this.view.setDead(this.dead.stones());
    this.showCount();
  }

  /** Shows the count of the position with the stones marked dead; before the game is over, moku's estimate, named as one. */
  showCount(): void {
    if (!this.current.isOver) {
      const e = this.estimateShown;
      const text = e
        ? `The game is not over: moku's estimate is that ${estimateSentence(e)} (Black wins ${Math.round(e.blackWinrate * 100)}% of its playouts). Pass twice to count the result.`
        : "The game is not over, and moku's estimate of it is on its way. Pass twice to count the result.";
      const out = $("score-result");
      out.hidden = false;
      out.textContent = text;
      announce(text);
      return;
    }
    const text = countText(this.current.score({ deadStones: this.dead.stones() }), this.dead.count);
    const out = $("score-result");
    out.hidden = false;
    out.textContent = text;
    announce(text);
  }

  // --- drawing ----------------------------------------------------------------

  /** Redraws everything from the game's current state. */
  redraw(): void {
    const g = this.current;
    const size = g.size;
    this.view.setSize(size);
    const board = g.board();
    const last = g.lastMove;
    this.view.setPosition(board, last?.vertex ?? null);
    this.view.setDead(this.dead.stones());
    // The record's lesson, drawn as <go-board> draws it: its marks, its view, its next moves as letters.
    const markup = g.markup;
    drawMarkup(this.view.markupLayer, markup, size, (v) => board[indexOf(v, size)] ?? 0);
    this.view.setView(viewBounds(markup.view ?? null));
    if (this.dead.count === 0) $("score-result").hidden = true;
    this.legal = new Set(g.legalMoves().map((v) => indexOf(v, size)));
    this.view.setGhostColor(g.toMove);

    // The record's players, result, event and komi, in the line <go-board> shows above its board.
    const info = $("game-info");
    info.textContent = gameInfoText(g.gameInfo);
    info.hidden = info.textContent === "";
    this.drawTurnLine(g);
    $("move-number").textContent = String(g.moveNumber);
    const caps = g.captures;
    $("captures-black").textContent = String(caps.black);
    $("captures-white").textContent = String(caps.white);
    const comment = $("comment");
    const c = g.comment;
    comment.hidden = !c;
    comment.textContent = c ?? "";
    for (const id of ["undo", "prev", "first"]) $<HTMLButtonElement>(id).disabled = g.moveNumber === 0;
    const vars = g.variations();
    for (const id of ["redo", "next", "last"]) $<HTMLButtonElement>(id).disabled = vars.length === 0;
    drawVariations(this.view.variationsLayer, vars, size, markup);
    // Where the author's sign hides a variation's letter, its button names the sign.
    this.drawVariations(
      vars.map((v) => {
        const move = v.color ? `${colorName(v.color)} ${v.gtp}` : "a node without a move";
        const sign = v.vertex ? signWords(markup, v.vertex) : null;
        return sign ? `${move} (${sign})` : move;
      }),
    );
    this.drawTextAlternative(board, size);
    document.documentElement.dataset.moveNumber = String(g.moveNumber);
    this.autosave();

    this.analyses.positionChanged();
    this.positionSerial += 1;
    this.estimateShown = null;
    this.requestEstimate();
    this.enginePanel.positionChanged(g.moveNumber);
    this.reviewPanel.positionChanged(g.moveNumber, (v) => this.view.stoneAt(v));
    this.selfCheckPanel.positionChanged(g.moveNumber);
    this.hoverAt(this.hover, true);

    if (!this.firstDrawn) {
      this.firstDrawn = true;
      performance.mark("moku-first-board");
      document.documentElement.dataset.ready = "true";
    }
  }

  /** The turn line: "● Black to play", or that the game is over and what comes next. */
  private drawTurnLine(g: Game): void {
    const line = turnLine({
      isOver: g.isOver,
      toMove: g.toMove,
      moves: g.moves().slice(0, g.moveNumber),
      result: g.gameInfo.result,
    });
    // Without its class the stone's span is empty and takes no room (the class's display would override `hidden`).
    $("to-move-stone").className = line.stone ? `stone-icon ${line.stone}` : "";
    $("to-move").textContent = line.who;
    this.turnRest.textContent = line.rest;
  }

  /** The seeds' static count, named as such: the Score estimate overlay's figures, on hover of its switch. */
  private showStaticCount(a: Analysis): void {
    // Which position the overlays show (tests and scripts wait on it).
    $("board").dataset.analysedMove = String(a.moveNumber);
    const box = document.getElementById("overlay-score")?.parentElement;
    if (box) box.title = `The static count of the position as it stands: ${estimateText(a.score)}`;
  }

  /** Asks the worker for the playouts' count of the position shown: one in flight, the newest position next. */
  private requestEstimate(): void {
    if (this.estimating) return;
    this.estimating = true;
    const serial = this.positionSerial;
    const moveNumber = this.current.moveNumber;
    this.estimator.estimate(this.current.position()).then(
      (e) => {
        this.estimating = false;
        if (serial === this.positionSerial) this.showEstimate(e, moveNumber);
        else this.requestEstimate();
      },
      () => {
        // Failed (the worker died): ask again for the newest position.
        this.estimating = false;
        if (serial !== this.positionSerial) this.requestEstimate();
      },
    );
  }

  private showEstimate(e: EstimateResult, moveNumber: number): void {
    this.estimateShown = e;
    const out = $("estimate");
    out.textContent = estimateSentence(e);
    out.title = `${e.playouts.toLocaleString("en")} playouts of this position and the one before, one with each side to move: Black wins ${Math.round(e.blackWinrate * 100)}% of them.`;
    out.dataset.moveNumber = String(moveNumber);
  }

  private drawVariations(labels: string[]): void {
    const box = $("variations");
    box.replaceChildren();
    box.hidden = labels.length < 2;
    if (labels.length < 2) return;
    const title = document.createElement("span");
    title.textContent = "Variations:";
    box.appendChild(title);
    labels.forEach((label, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${variationLetter(i)}${i === 0 ? " (main line)" : ""}: ${label}`;
      b.addEventListener("click", () => this.navigate(() => this.current.chooseVariation(i)));
      box.appendChild(b);
    });
  }

  private drawTextAlternative(board: Int8Array, size: number): void {
    if (!$<HTMLDetailsElement>("text-alt").open) return;
    $("text-board").textContent = textBoard(board, size);
    const list = $("move-list");
    list.replaceChildren();
    const current = this.current.moveNumber;
    this.current.moves().forEach((m, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const verdict = this.reviewPanel.verdictOf(i + 1);
      b.textContent = verdict && verdict !== "good" ? `${moveText(m)} (${verdict})` : moveText(m);
      if (verdict) li.dataset.verdict = verdict;
      if (i + 1 === current) b.setAttribute("aria-current", "step");
      b.addEventListener("click", () => this.navigate(() => this.current.goToMove(i + 1)));
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  // --- hover --------------------------------------------------------------------

  private isLegal(v: Vertex | null): v is Vertex {
    return v !== null && this.legal.has(indexOf(v, this.current.size));
  }

  private hoverAt(v: Vertex | null, force = false): void {
    const same =
      v === this.hover || (v !== null && this.hover !== null && v.x === this.hover.x && v.y === this.hover.y);
    this.hover = v;
    const humanTurn = this.players[this.current.toMove] === "human";
    this.view.setGhost(this.isLegal(v) && humanTurn ? v : null);
    if (!same || force) this.analyses.preview();
  }

  /** Where to preview a move: the hovered point, when it is legal and an overlay is on. */
  private previewTarget(): Vertex | null {
    return this.panel.enabled.size > 0 && this.isLegal(this.hover) ? this.hover : null;
  }
}

/** The page's entry point: load the wasm, then build the page. */
async function main(): Promise<void> {
  try {
    await loadMoku();
  } catch (e) {
    const m = document.getElementById("message");
    if (m) m.textContent = `Could not load the engine: ${errorText(e)}`;
    throw e;
  }
  const app = new App();
  // For tests and the console: the page's controller.
  (window as unknown as { mokuApp: App }).mokuApp = app;
}

void main();
