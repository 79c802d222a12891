// The game in progress, kept in localStorage after every move, so that a
// reload or a crash of the tab loses nothing: the page offers it back.

import type { Color } from "../../pkg/moku.js";
import type { Player } from "./controls.js";

/** The storage key (versioned: a future format gets a new key). */
export const AUTOSAVE_KEY = "moku.game.v1";

/** What is kept. */
export interface SavedGame {
  /** The record, with every variation. */
  sgf: string;
  /** The move shown. */
  moveNumber: number;
  /** Who played each side. */
  players: Record<Color, Player>;
  /** moku's level. */
  level: number;
  /** When it was saved (ISO 8601). */
  savedAt: string;
}

/** Keeps `game` (storage full or forbidden: nothing happens, the page goes on). */
export function saveGame(game: SavedGame, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(AUTOSAVE_KEY, JSON.stringify(game));
  } catch {
    // Private browsing or a full storage: autosave is a convenience.
  }
}

/** The kept game, or null when there is none or it is not one of ours. */
export function loadGame(storage: Storage | undefined = globalThis.localStorage): SavedGame | null {
  try {
    const raw = storage?.getItem(AUTOSAVE_KEY);
    if (!raw) return null;
    const g = JSON.parse(raw) as Partial<SavedGame>;
    const player = (p: unknown): p is Player => p === "human" || p === "engine";
    if (
      typeof g.sgf !== "string" ||
      typeof g.moveNumber !== "number" ||
      typeof g.level !== "number" ||
      typeof g.savedAt !== "string" ||
      !g.players ||
      !player(g.players.black) ||
      !player(g.players.white)
    ) {
      return null;
    }
    return g as SavedGame;
  } catch {
    return null;
  }
}

/** Forgets the kept game. */
export function clearGame(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(AUTOSAVE_KEY);
  } catch {
    // As above.
  }
}
