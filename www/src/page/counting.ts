// Counting after the game: the stones the players mark dead (a click
// marks a whole chain, a second click brings it back) and the count the
// API gives with them.

import type { EstimateResult, Score, Vertex } from "../../pkg/moku.js";
import { indexOf } from "../view/coords.js";

/** The stones marked dead for the count, by row-major index. */
export class DeadStones {
  private readonly dead = new Map<number, Vertex>();

  /** Marks the stones of `chain` dead, or alive again when all of them already are. */
  toggleChain(chain: readonly Vertex[], size: number): void {
    const allDead = chain.every((s) => this.dead.has(indexOf(s, size)));
    for (const s of chain) {
      if (allDead) this.dead.delete(indexOf(s, size));
      else this.dead.set(indexOf(s, size), s);
    }
  }

  /** Marks `stones` dead (the engine's reading at the end of the game). */
  markAll(stones: readonly Vertex[], size: number): void {
    for (const s of stones) this.dead.set(indexOf(s, size), s);
  }

  /** Forgets every mark (the position changed). */
  clear(): void {
    this.dead.clear();
  }

  /** How many stones are marked. */
  get count(): number {
    return this.dead.size;
  }

  /** The marked stones, in the order they were marked. */
  stones(): Vertex[] {
    return [...this.dead.values()];
  }
}

/**
 * The count in words, e.g. `"Count (area scoring, komi 7.5, 2 dead stones): Black 45, White 36.5: Black wins by 8.5
 * (B+8.5). 2 empty points count for nobody (dame, seki, or areas no colour has closed off)."`. The last sentence, said when there are such
 * points, tells a player why an area whose border is still open counts for neither side.
 */
export function countText(s: Score, deadStones: number): string {
  const winner = s.margin > 0 ? `Black wins by ${s.margin}` : s.margin < 0 ? `White wins by ${-s.margin}` : "a draw";
  const count = `Count (${s.scoring} scoring, komi ${s.komi}, ${deadStones} dead stones): Black ${s.black}, White ${s.white}: ${winner} (${s.result}).`;
  if (s.neutral === 0) return count;
  const nobody =
    s.neutral === 1
      ? "1 empty point counts for nobody (dame, seki, or an area no colour has closed off)."
      : `${s.neutral} empty points count for nobody (dame, seki, or areas no colour has closed off).`;
  return `${count} ${nobody}`;
}

/**
 * The playouts' count of a game in progress in words: "Black leads by
 * about 3.4 points", "White leads by about 12.0 points", "the game is
 * about even" (within half a point).
 */
export function estimateSentence(e: Pick<EstimateResult, "blackLead">): string {
  const lead = Math.round(e.blackLead * 10) / 10;
  if (Math.abs(lead) < 0.5) return "the game is about even";
  return `${lead > 0 ? "Black" : "White"} leads by about ${Math.abs(lead).toFixed(1)} points`;
}
