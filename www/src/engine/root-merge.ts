// Root parallelism: several workers search the same position with their
// own seeds, each growing its own tree, and their root statistics are
// merged here into one answer. Playouts through a move add up across the
// trees (each tree's visits are an estimate of the same thing), and the
// win rate is the visit-weighted mean. This is the classic "root
// parallelisation" of Monte-Carlo tree search (Cazenave and Jouandeau,
// 2007; Chaslot, Winands and van den Herik, 2008), which needs no shared
// memory — what Web Workers allow.

import type { CandidateInfo, GenmoveResult } from "../../pkg/moku.js";

/**
 * One answer from the answers of several workers to the same `genmove`.
 * Classic-level answers (no `search`) and a single answer come back as
 * they are. Otherwise the move is, among the moves the workers chose, the
 * one with the most playouts over all the trees — so its reasons are those
 * of a worker that chose it (the one whose tree gave it the most
 * playouts); when more than half of the workers passed or resigned, so
 * does the answer. The candidates are the union of the workers' with their
 * playouts summed and their win rates averaged by playouts, most played
 * first; `search` gives the merged figures (its principal variation is
 * the chosen worker's) and `nodes` the sum.
 */
export function mergeRootResults(results: readonly GenmoveResult[]): GenmoveResult {
  const first = results[0];
  if (first === undefined) throw new RangeError("mergeRootResults needs at least one answer");
  if (results.length === 1 || results.some((r) => r.search === null)) return first;

  const nonPoint = results.filter((r) => r.vertex === null);
  if (nonPoint.length * 2 > results.length) {
    const passes = nonPoint.filter((r) => r.move === "pass");
    return passes.length * 2 >= nonPoint.length ? (passes[0] ?? first) : (nonPoint[0] ?? first);
  }

  /**
   * Per move: the playouts and the win-rate sum over every tree, this move's
   * playouts and their score-lead sum, the sum of each tree's squared
   * (playouts x standard error of its lead) — null once a tree gave no
   * error — and the candidate of the tree that played it most.
   */
  const merged = new Map<
    string,
    { visits: number; wins: number; samples: number; leads: number; errors: number | null; best: CandidateInfo }
  >();
  for (const r of results) {
    for (const c of r.candidates) {
      if (c.visits === null) continue;
      const m = merged.get(c.move);
      const wins = (c.winrate ?? 0) * c.visits;
      const samples = c.samples ?? 0;
      const leads = (c.scoreLead ?? 0) * samples;
      const errors = samples === 0 ? 0 : c.scoreLeadError === null ? null : (samples * c.scoreLeadError) ** 2;
      if (!m) merged.set(c.move, { visits: c.visits, wins, samples, leads, errors, best: c });
      else {
        m.visits += c.visits;
        m.wins += wins;
        m.samples += samples;
        m.leads += leads;
        m.errors = m.errors === null || errors === null ? null : m.errors + errors;
        if (c.visits > (m.best.visits ?? 0)) m.best = c;
      }
    }
  }
  const visitsOf = (move: string): number => merged.get(move)?.visits ?? 0;

  let base: GenmoveResult | undefined;
  for (const r of results) {
    if (r.vertex === null) continue;
    const better =
      base === undefined ||
      visitsOf(r.move) > visitsOf(base.move) ||
      (r.move === base.move && (r.search?.visits ?? 0) > (base.search?.visits ?? 0));
    if (better) base = r;
  }
  if (base === undefined) return first;

  const searched = [...merged.values()]
    .sort((a, b) => b.visits - a.visits)
    .map(({ visits, wins, samples, leads, errors, best }) => ({
      ...best,
      visits,
      winrate: visits > 0 ? wins / visits : best.winrate,
      samples,
      scoreLead: samples > 0 ? leads / samples : best.scoreLead,
      // The error of a mean weighted by playouts: each tree's error times
      // its playouts, added in quadrature, over all the playouts.
      scoreLeadError: samples === 0 ? best.scoreLeadError : errors === null ? null : Math.sqrt(errors) / samples,
    }));
  const classicOnly = base.candidates.filter((c) => c.visits === null && !merged.has(c.move));
  const chosen = merged.get(base.move);
  const playouts = results.reduce((s, r) => s + (r.search?.playouts ?? 0), 0);
  const rootPlayouts = results.reduce((s, r) => s + (r.search?.rootPlayouts ?? 0), 0);
  return {
    ...base,
    candidates: [...searched, ...classicOnly],
    nodes: results.reduce((s, r) => s + r.nodes, 0),
    search: base.search && {
      ...base.search,
      visits: chosen?.visits ?? base.search.visits,
      winrate: chosen && chosen.visits > 0 ? chosen.wins / chosen.visits : base.search.winrate,
      samples: chosen?.samples ?? base.search.samples,
      scoreLead: chosen && chosen.samples > 0 ? chosen.leads / chosen.samples : base.search.scoreLead,
      playouts,
      rootPlayouts,
    },
  };
}
