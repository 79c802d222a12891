import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { GenmoveResult, WhyNotResult } from "../../pkg/moku.js";
import {
  candidateLabel,
  candidateText,
  graphPoints,
  leadText,
  mokuText,
  reasonsShown,
  moveSentence,
  otherCandidates,
  searchSentence,
  whyNotText,
} from "./play.js";

const result = (over: Partial<GenmoveResult>): GenmoveResult => ({
  color: "white",
  move: "E5",
  vertex: { x: 4, y: 4 },
  reasons: [],
  candidates: [],
  scoreEstimate: 0,
  nodes: 1234,
  level: 6,
  search: null,
  ...over,
});

test("moves and values read as a person writes them", () => {
  assert.equal(mokuText(4.54), "+4.5 points");
  assert.equal(mokuText(-0.25), "−0.3 points");
  assert.equal(leadText(3.14), "leads by 3.1 points");
  assert.equal(leadText(-2), "trails by 2.0 points");
  assert.equal(leadText(0.04), "is even");
  assert.equal(moveSentence(result({})), "moku (White) played E5.");
  assert.equal(moveSentence(result({ move: "pass", vertex: null, color: "black" })), "moku (Black) passes.");
  assert.equal(moveSentence(result({ move: "resign", vertex: null })), "moku (White) resigns.");
});

test("the search sentence gives the win rate, the visits, the score lead and the expected sequence", () => {
  const search = {
    winrate: 0.566,
    visits: 1091,
    samples: 1091,
    scoreLead: 3.24,
    ownership: [],
    playouts: 2000,
    rootPlayouts: 2000,
    pv: ["E5", "D4", "C3"],
    lead: 0,
  };
  assert.equal(
    searchSentence(result({ search })),
    "Tree search at level 6: White wins 57% (1,091 visits to E5, 2,000 playouts in all); White leads by 3.2 points; expected sequence E5 D4 C3.",
  );
  assert.equal(searchSentence(result({ level: 2 })), "Classic search at level 2: 1,234 positions evaluated.");
  const pass = result({
    move: "pass",
    vertex: null,
    search: { ...search, winrate: 0.996, visits: 0, samples: 0, playouts: 8000, rootPlayouts: 8000, pv: ["pass"] },
  });
  assert.equal(searchSentence(pass), "Tree search at level 6: White's chances 100% after 8,000 playouts.");
  // A kept lead: the win rate is of wins by more than it; a kept tree's
  // visits are not this move's playouts, and the sentence says so.
  const ahead = result({
    search: {
      ...search,
      winrate: 0.71,
      visits: 1912,
      samples: 1500,
      scoreLead: 9,
      playouts: 2400,
      rootPlayouts: 2400,
      pv: ["E5"],
      lead: 6,
    },
  });
  assert.equal(
    searchSentence(ahead),
    "Tree search at level 6: White wins by more than 6 points in 71% (1,912 visits to E5, 1,500 of them from this position, 2,400 playouts in all); White leads by 9.0 points.",
  );
  // The position searched before (a move taken back and played again): its
  // earlier playouts are counted, so no count exceeds the total it is of.
  const again = result({ search: { ...search, visits: 10282, samples: 9817, playouts: 8000, rootPlayouts: 16000 } });
  assert.equal(
    searchSentence(again),
    "Tree search at level 6: White wins 57% (10,282 visits to E5, 9,817 of them from this position, 16,000 playouts from this position, 8,000 of them in this search); White leads by 3.2 points; expected sequence E5 D4 C3.",
  );
});

test("a candidate's hover text gives its win rate, visits, score lead, facts and sequence", () => {
  const c = {
    move: "C3",
    vertex: { x: 2, y: 6 },
    moku: 4.5,
    searched: true,
    reasons: [{ kind: "save", text: "saves a stone at C4 from capture (proved by reading)", moku: 0 }],
    visits: 312,
    samples: 312,
    winrate: 0.481,
    scoreLead: 3.14,
    scoreLeadError: 0.8,
    pv: ["C3", "D3", "D2"],
  };
  assert.equal(
    candidateText(2, c, "white", true),
    "2. C3: White wins 48% (312 visits), leads by 3.1 points: saves a stone at C4 from capture (proved by reading) (point at it: the expected sequence C3 D3 D2)",
  );
  assert.equal(
    candidateText(
      1,
      {
        ...c,
        moku: null,
        reasons: [],
        visits: null,
        samples: null,
        winrate: null,
        scoreLead: null,
        scoreLeadError: null,
        pv: [],
      },
      "black",
      false,
    ),
    "1. C3",
  );
  // The panel's line for it is the start of the same text: no reasons, no sequence.
  assert.equal(candidateLabel(2, c, "white", true), "2. C3: White wins 48% (312 visits), leads by 3.1 points");
  // Visits kept from the tree of earlier moves: how many are this position's own, and without any no lead.
  assert.equal(
    candidateLabel(1, { ...c, visits: 216, samples: 0, scoreLead: null, scoreLeadError: null }, "white", true),
    "1. C3: White wins 48% (216 visits, none from this position)",
  );
  assert.equal(
    candidateLabel(4, { ...c, visits: 1234, samples: 40 }, "white", true),
    "4. C3: White wins 48% (1,234 visits, 40 of them from this position), leads by 3.1 points",
  );
  // At the classic levels: the classic valuation's value.
  const classic = { ...c, visits: null, winrate: null, samples: null, scoreLead: null, scoreLeadError: null };
  assert.equal(candidateLabel(3, classic, "black", false), "3. C3: +4.5 points by the classic search");
  // At a tree level, a move the tree never visited says so.
  assert.equal(candidateLabel(3, classic, "black", true), "3. C3: +4.5 points by the classic search, no visits");
  assert.equal(candidateLabel(1, { ...classic, moku: null }, "black", true), "1. C3: no visits");
});

test("the win-rate graph puts Black's 100% at the top and the moves across", () => {
  assert.equal(
    graphPoints(
      [
        { moveNumber: 2, black: 0.5 },
        { moveNumber: 4, black: 0.25 },
      ],
      4,
      200,
      50,
    ),
    "100.0,25.0 200.0,37.5",
  );
});

test("why not here? on a numbered mark uses the page's own list: its rank and its playouts", () => {
  const cand = (move: string, x: number, visits: number, winrate: number, lead: number) => ({
    move,
    vertex: { x, y: 0 },
    moku: null,
    searched: false,
    reasons: [],
    visits,
    samples: visits,
    winrate,
    scoreLead: lead,
    scoreLeadError: 1.2,
    pv: [move],
  });
  const r = result({
    move: "B9",
    vertex: { x: 1, y: 0 },
    // Merged over workers: the list is the page's, the chosen move second by this list's order.
    candidates: [cand("A9", 0, 700, 0.5, 1.5), cand("B9", 1, 900, 0.55, 3.5), cand("C9", 2, 300, 0.45, -2.04)],
    search: {
      winrate: 0.55,
      visits: 900,
      samples: 900,
      scoreLead: 3.5,
      ownership: [],
      playouts: 2000,
      rootPlayouts: 2000,
      pv: ["B9"],
      lead: 0,
    },
  });
  // The chosen move is left out: C9 is the page's mark 2.
  assert.deepEqual(
    otherCandidates(r).map((c) => c.move),
    ["A9", "C9"],
  );
  const w: WhyNotResult = {
    verdict: "considered",
    // The worker that answered ranked it by its own tree.
    text: "C9 ranks 5 among the engine's candidates: ...",
    rank: 4,
    moku: -2.04,
    // Its own choice, not the merged list's B9.
    bestMoku: 4.25,
    reasons: [],
    visits: 120,
    winrate: 0.4,
  };
  const c = otherCandidates(r)[1];
  assert.ok(c);
  assert.equal(
    whyNotText("C9", w, c, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 visits (White wins 45%) against 900 for its move; after it White trails by 2.0 points, 5.5 points less than B9: no fact the words can prove about it.",
  );
  // The worker chose C9 in its own tree: on the board it is still mark 2.
  assert.equal(
    whyNotText("C9", { ...w, verdict: "chosen", rank: 0, bestMoku: -2.04 }, c, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 visits (White wins 45%) against 900 for its move; after it White trails by 2.0 points, 5.5 points less than B9: no fact the words can prove about it.",
  );
  // Without the search's figures (a classic level) the engine's own text stands.
  // A difference under two standard errors of it (1.2 and 2.5: a noise of 5.5 points) says so.
  assert.equal(
    whyNotText("C9", w, { ...c, scoreLeadError: 2.5 }, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 visits (White wins 45%) against 900 for its move; after it White trails by 2.0 points, 5.5 points less than B9, within the search's noise: no fact the words can prove about it.",
  );
  // Without an error for it the noise is not known, and nothing is said of it.
  assert.equal(
    whyNotText("C9", w, { ...c, scoreLeadError: null }, 2, r),
    "C9 ranks 3 among the engine's candidates: the tree search gave it 300 visits (White wins 45%) against 900 for its move; after it White trails by 2.0 points, 5.5 points less than B9: no fact the words can prove about it.",
  );
  assert.equal(whyNotText("C9", w, { ...c, visits: null, winrate: null, scoreLead: null }, 2, r), null);
  assert.equal(whyNotText("C9", { ...w, verdict: "illegal" }, c, 2, r), null);
});

test("three facts show at once, the rest behind more, the search's line always last", () => {
  const r = (kind: string, text: string) => ({ kind, text, moku: 0 });
  const reasons = [r("capture", "a"), r("atari", "b"), r("territory", "c"), r("shape", "d"), r("search", "e")];
  const { shown, more } = reasonsShown(reasons);
  assert.deepEqual(
    shown.map((x) => x.text),
    ["a", "b", "c", "e"],
  );
  assert.deepEqual(
    more.map((x) => x.text),
    ["d"],
  );
  // A pass's only reason, "passes", repeats the headline ("moku (White) passes."): no bullet for it.
  assert.deepEqual(reasonsShown([r("pass", "passes")]), { shown: [], more: [] });
  assert.deepEqual(reasonsShown([r("pass", "passes"), r("search", "e")]), { shown: [r("search", "e")], more: [] });
});
