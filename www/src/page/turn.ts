// The line at the top of the panel: whose turn it is ("● Black to play"),
// or, once the game is over, how it ended and what the page offers next
// (the count, the dead stones, resuming), so that a finished game no
// longer reads as if a player were to move.

import type { Color, MoveInfo } from "../../pkg/moku.js";
import { resultText } from "../view/lesson.js";
import { colorName } from "../view/text-board.js";

/** The turn line: the stone beside it (none once the game is over), the player's name and the words after it. */
export interface TurnLine {
  stone: Color | null;
  who: string;
  rest: string;
}

/**
 * The turn line of a game: `isOver`, `toMove` and `result` as the game
 * gives them, `moves` the moves up to the position shown (the last two
 * passes tell a game both players passed from a resignation).
 */
export function turnLine(game: {
  isOver: boolean;
  toMove: Color;
  moves: readonly MoveInfo[];
  result?: string;
}): TurnLine {
  if (!game.isOver) return { stone: game.toMove, who: colorName(game.toMove), rest: " to play" };
  const passed = game.moves.length >= 2 && game.moves.slice(-2).every((m) => m.vertex === null);
  if (passed)
    return {
      stone: null,
      who: "",
      rest: "The game is over: both players passed. The count is below; click a chain to mark it dead or alive, or play on an empty point to resume the game.",
    };
  return { stone: null, who: "", rest: `The game is over${game.result ? `: ${resultText(game.result)}` : ""}.` };
}
