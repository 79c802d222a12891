import { strict as assert } from "node:assert";
import { test } from "node:test";
import { AUTOSAVE_KEY, clearGame, loadGame, saveGame } from "./autosave.js";

/** A Storage in memory (node has no localStorage). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

test("a saved game loads back; a missing or foreign one is null; clearing forgets it", () => {
  const s = new MemoryStorage();
  assert.equal(loadGame(s), null);
  const game = {
    sgf: "(;SZ[9];B[ee])",
    moveNumber: 1,
    players: { black: "human", white: "engine" } as const,
    level: 6,
    savedAt: "2026-11-24T08:00:00Z",
  };
  saveGame(game, s);
  assert.deepEqual(loadGame(s), game);
  s.setItem(AUTOSAVE_KEY, JSON.stringify({ ...game, players: { black: "robot", white: "human" } }));
  assert.equal(loadGame(s), null);
  s.setItem(AUTOSAVE_KEY, "{not json");
  assert.equal(loadGame(s), null);
  saveGame(game, s);
  clearGame(s);
  assert.equal(loadGame(s), null);
});

test("a storage that refuses to write does not stop the page", () => {
  const s = new MemoryStorage();
  s.setItem = () => {
    throw new Error("QuotaExceededError");
  };
  saveGame({ sgf: "", moveNumber: 0, players: { black: "human", white: "human" }, level: 6, savedAt: "" }, s);
  assert.equal(loadGame(s), null);
});
