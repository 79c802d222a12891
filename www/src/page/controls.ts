// The page's controls: buttons, the coordinate and new-game forms, SGF
// open/save/paste/drop, and the keyboard. Each turns a user's intent into
// one call on the page's actions.

import { type Color, type Game, type GameOptions, levels, type RulesName, type VertexInput } from "../../pkg/moku.js";
import { $, showError } from "./page.js";

/** Who plays a side: a person at the page or the engine. */
export type Player = "human" | "engine";

/** What the controls ask the page to do. */
export interface PageActions {
  /** The game shown. */
  readonly game: Game;
  /** Plays a move for the side to move. */
  play(v: VertexInput): void;
  /** Passes for the side to move. */
  pass(): void;
  /** The side to move resigns. */
  resign(): void;
  /** Moves in the record (first, previous, ...): `step` changes the game's cursor. */
  navigate(step: () => void): void;
  /** Takes back a turn: against moku, the person's move and moku's reply together. */
  undo(): void;
  /** Plays a turn taken back again: against moku, the person's move and moku's reply. */
  redo(): void;
  /** Starts a new game; `level` is the engine's (1–10) when it plays. */
  newGame(options: GameOptions, players: Record<Color, Player>, level?: number): void;
  /** Opens an SGF record; `source` names it for the status line. */
  loadSgf(text: string, source: string): void;
  /** Saves the record as an SGF file. */
  saveSgf(): void;
  /** Shows the count of the position. */
  showCount(): void;
  /** Asks moku for its move in the position shown, without playing it. */
  hint(): void;
  /** Reviews the game: every move valued beside the engine's choice. */
  review(): void;
  /** Runs the evaluation's self-check over the record's positions. */
  selfCheck(): void;
  /** Redraws the page (the text alternative was opened). */
  redraw(): void;
}

/** Wires every control of the page to `page`. */
export function bindControls(page: PageActions): void {
  bindButtons(page);
  bindForms(page);
  bindSgf(page);
  bindKeyboard(page);
  $<HTMLDetailsElement>("text-alt").addEventListener("toggle", () => page.redraw());
  // The skip link focuses the board itself (a div's anchor would only scroll): its keyboard cursor starts there.
  document.querySelector(".skip-link")?.addEventListener("click", (e) => {
    e.preventDefault();
    $("board").querySelector("svg")?.focus();
  });
}

function bindButtons(page: PageActions): void {
  $("pass").addEventListener("click", () => page.pass());
  $("undo").addEventListener("click", () => page.undo());
  $("resign").addEventListener("click", () => page.resign());
  $("redo").addEventListener("click", () => page.redo());
  $("first").addEventListener("click", () => page.navigate(() => page.game.first()));
  $("prev").addEventListener("click", () => page.navigate(() => void page.game.previous()));
  $("next").addEventListener("click", () => page.navigate(() => void page.game.next()));
  $("last").addEventListener("click", () => page.navigate(() => page.game.last()));
  $("score").addEventListener("click", () => page.showCount());
  $("review").addEventListener("click", () => page.review());
  $("selfcheck").addEventListener("click", () => page.selfCheck());
  $("hint").addEventListener("click", () => page.hint());
}

/**
 * A level's strength as measured against GNU Go 3.8: a short line for the
 * menu and the figures behind it for the line under it. Every measured
 * level's menu line is its result on 9x9, the one size measured for each,
 * against a named GNU Go level, so that two levels' lines compare like
 * with like; the figures add 19x19, or say it was not measured. The menu lines stay short enough for the menu on a 390 px
 * phone.
 */
interface Measured {
  rank: string;
  figure: string;
}

/**
 * The levels' strengths, only as docs/strength.md measured them (the
 * referee's matches, Chinese scoring, komi 7, colours alternating; a draw
 * counts half); a level missing here was not measured. The classic levels
 * lost every game to GNU Go level 1 ("The classic levels"); level 6 is the
 * 9x9 row of 100 fresh, seeded games of the engine with the words'
 * evidence (a57d122), and was not measured on 19x19; level 10, at 1 s a
 * move, is the 9x9 row with the nakade in the tree's playouts (16a2514)
 * and the 19x19 row with the learned shapes (cc9a3b7), both against GNU Go
 * level 10 (the summary's table).
 */
const MEASURED: ReadonlyMap<number, Measured> = new Map([
  ...[1, 2, 3, 4, 5].map((n): [number, Measured] => [
    n,
    {
      rank: "loses to GNU Go level 1 on 9x9",
      figure: "against GNU Go level 1, the classic levels lost every game: 0 of 20 on 9x9, 0 of 4 on 19x19",
    },
  ]),
  [
    6,
    {
      rank: "beats GNU Go level 10 on 9x9 (84.5%)",
      figure:
        "against GNU Go level 10, 84.5% (76.1–90.3%) of 100 games on 9x9, a draw counting half; not measured on 19x19",
    },
  ],
  [
    10,
    {
      rank: "beats GNU Go level 10 on 9x9 (92.5%)",
      figure:
        "against GNU Go level 10 at 1 s a move, 92.5% (85.6–96.2%) of 100 games on 9x9 and 52.0% (42.3–61.5%) of 100 games on 19x19, a draw counting half",
    },
  ],
]);

/** What a level is: its search and speed at the ends and borders, and its measured strength or "not measured". */
export function levelText(
  n: number,
  l: { min: number; max: number; treeFrom: number },
): { option: string; detail: string } {
  const speed = new Map<number, string>([
    [l.min, "fastest, classic search"],
    [l.treeFrom - 1, "strongest classic search"],
    [l.treeFrom, "tree search, about 1 s a move"],
    [l.max, "strongest, about 8 s a move"],
  ]).get(n);
  const m = MEASURED.get(n);
  const option = `${n}: ${m ? m.rank : "strength not measured"}`;
  const detail = `Level ${n}${speed ? `, ${speed}` : ""}: ${m ? `measured ${m.figure}` : "strength not measured"}.`;
  return { option, detail };
}

/** The level choices, from the engine's own levels, each with its measured strength; the line under the menu says the figure. */
function fillLevels(select: HTMLSelectElement): void {
  const l = levels();
  select.replaceChildren();
  for (let n = l.min; n <= l.max; n++) {
    const o = document.createElement("option");
    o.value = String(n);
    o.textContent = levelText(n, l).option;
    o.selected = n === l.default;
    select.append(o);
  }
  const detail = $("level-strength");
  const say = (): void => {
    detail.textContent = levelText(Number(select.value), l).detail;
  };
  select.addEventListener("change", say);
  say();
}

function bindForms(page: PageActions): void {
  fillLevels($<HTMLFormElement>("new-game").elements.namedItem("level") as HTMLSelectElement);
  $("coord-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $<HTMLInputElement>("coord-input");
    const text = input.value.trim();
    if (!text) return;
    page.play(text);
    if (!$("message").textContent) input.value = "";
  });

  $("new-game").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const str = (k: string): string => String(f.get(k) ?? "");
    page.newGame(
      {
        size: Number(str("size")),
        komi: Number(str("komi")),
        handicap: Number(str("handicap")),
        rules: str("rules") as RulesName,
      },
      { black: str("black") === "engine" ? "engine" : "human", white: str("white") === "engine" ? "engine" : "human" },
      f.get("level") ? Number(str("level")) : undefined,
    );
  });
  // Komi follows the usual value for the rules and handicap until the user edits it.
  const form = $<HTMLFormElement>("new-game");
  const komi = form.elements.namedItem("komi") as HTMLInputElement;
  let komiEdited = false;
  komi.addEventListener("input", () => (komiEdited = true));
  form.addEventListener("change", (e) => {
    if (komiEdited || e.target === komi) return;
    const f = new FormData(form);
    const area = String(f.get("rules")) !== "japanese";
    komi.value = Number(f.get("handicap")) >= 2 ? "0.5" : area ? "7.5" : "6.5";
  });
}

function bindSgf(page: PageActions): void {
  $<HTMLInputElement>("sgf-file").addEventListener("change", async (e) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) page.loadSgf(await file.text(), file.name);
    input.value = "";
  });
  $("sgf-save").addEventListener("click", () => page.saveSgf());
  $("sgf-load").addEventListener("click", () => {
    const text = $<HTMLTextAreaElement>("sgf-text").value;
    if (text.trim()) page.loadSgf(text, "the pasted SGF");
    else showError("The box is empty: paste an SGF record into it first.");
  });

  // Drag and drop anywhere on the page.
  const hint = $("drop-hint");
  document.addEventListener("dragover", (e) => {
    if (!e.dataTransfer?.types.includes("Files")) return;
    e.preventDefault();
    hint.hidden = false;
  });
  document.addEventListener("dragleave", (e) => {
    if (e.relatedTarget === null) hint.hidden = true;
  });
  document.addEventListener("drop", async (e) => {
    hint.hidden = true;
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    page.loadSgf(await file.text(), file.name);
  });
}

function bindKeyboard(page: PageActions): void {
  document.addEventListener("keydown", (e) => {
    const t = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (
      t &&
      (t.closest("input, textarea, select") || (t.closest("button, summary") && (e.key === "Enter" || e.key === " ")))
    )
      return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => page.navigate(() => void page.game.previous()),
      ArrowRight: () => page.navigate(() => void page.game.next()),
      ArrowUp: () => page.navigate(() => page.game.first()),
      Home: () => page.navigate(() => page.game.first()),
      ArrowDown: () => page.navigate(() => page.game.last()),
      End: () => page.navigate(() => page.game.last()),
      p: () => page.pass(),
      u: () => page.undo(),
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  });
}
