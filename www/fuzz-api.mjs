// Drives moku's JS API (www/pkg, the real wasm module) with random calls,
// most of them with one argument of the wrong type or out of range, and
// checks what the API promises (src/web/convert.rs, `ApiError`):
//
//   - nothing traps: no WebAssembly.RuntimeError, and the module answers
//     a known call after every failure and at the end;
//   - every refusal is an Error with a message: a TypeError for an
//     argument of the wrong type or shape, a RangeError for one of the
//     right type out of range, a plain Error for a request the game
//     refuses (an occupied point, an undo at the start, bad SGF);
//   - a refused call changes nothing: the game's SGF, position and move
//     number are as before.
//
//   node fuzz-api.mjs [--calls N] [--seed S] [--only NAME]
//
// The short run (10,000 calls) is part of scripts/test-web.sh; the
// documented long run and its figures are in docs/robustness.md ("The
// JavaScript boundary"). A failure prints the seed, the call number and the
// call, and exits with 1; `--seed S` replays the run.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as moku from "./pkg/moku.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CALLS = option("--calls", 20000);
const SEED = option("--seed", 1);

const exports = moku.initSync({ module: readFileSync(join(import.meta.dirname, "pkg", "moku_bg.wasm")) });
/** The most wasm memory a run may end with: twice the largest we saw (see the end). */
const MEMORY_BOUND = 48 * 1024 * 1024;
/** The wasm memory in bytes: it only grows, so a leak shows as growth over the run. */
const memoryBytes = () => exports.memory.buffer.byteLength;

// mulberry32: a small seeded generator, so that a run can be replayed.
let state = SEED >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const RULES = ["japanese", "chinese", "aga", "new-zealand", "tromp-taylor", "Chinese", "NZ", "tt"];
const VERDICTS = ["good", "inaccuracy", "mistake", "blunder"];

// Values of every JS type that is wrong for a given argument; `not`
// names the types the argument accepts, so only the wrong ones are used.
const throwingGetter = {
  get x() {
    throw new Error("a getter that throws");
  },
  y: 0,
};
const ANY = [
  ["undefined", undefined],
  ["null", null],
  ["boolean", true],
  ["number", 3],
  ["number", Number.NaN],
  ["string", "E5"],
  ["string", ""],
  ["array", []],
  ["array", ["E5"]],
  ["object", {}],
  ["object", { x: "1", y: 2 }],
  ["object", throwingGetter],
  ["function", () => 1],
  ["bigint", 10n],
  ["symbol", Symbol("s")],
  ["typed", new Int8Array(3)],
];
function wrongType(...accepted) {
  const pool = ANY.filter(([kind]) => !accepted.includes(kind));
  return pick(pool)[1];
}

/** A vertex of a board of `size`: valid, of the wrong type, or out of range. */
function vertex(size, how) {
  if (how === "type") return wrongType("string", "object", "typed", "function", "array");
  if (how === "range") {
    return pick([
      `${COLUMNS[size] ?? "Z"}1`,
      `A${size + 1}`,
      "I5",
      "hello",
      "",
      "A0",
      { x: -1, y: 0 },
      { x: size, y: 0 },
      { x: 0.5, y: 1 },
      { x: Number.POSITIVE_INFINITY, y: 0 },
    ]);
  }
  if (chance(0.05)) return pick(["pass", "PASS"]);
  const x = int(0, size - 1);
  const y = int(0, size - 1);
  if (chance(0.5)) return { x, y };
  const text = `${COLUMNS[x]}${size - y}`;
  return chance(0.2) ? text.toLowerCase() : text;
}

/** A point vertex (never a pass), valid. */
function point(size) {
  const x = int(0, size - 1);
  const y = int(0, size - 1);
  return chance(0.5) ? { x, y } : `${COLUMNS[x]}${size - y}`;
}

/** One argument of the call may go wrong: "type", "range" or null. */
function fault(p = 0.7) {
  if (!chance(p)) return null;
  return chance(0.5) ? "type" : "range";
}

const sizes = [2, 3, 5, 7, 9, 9, 9, 13, 19];

function gameOptions(how) {
  if (how === "type") {
    return pick([
      () => wrongType("object", "undefined", "null", "typed"),
      () => ({ size: pick(["9", true, [9], {}]) }),
      () => ({ komi: pick(["7", false, {}]) }),
      () => ({ rules: pick([5, true, ["chinese"]]) }),
      () => ({ handicap: pick(["2", [], {}]) }),
      () => ({ siz: 9 }),
      () => ({ size: 9, colour: "black" }),
    ])();
  }
  if (how === "range") {
    return pick([
      { size: pick([0, 1, 26, 2.5, -9, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) },
      { rules: pick(["ing", "", "japan"]) },
      { komi: pick([Number.NaN, 2000, Number.NEGATIVE_INFINITY]) },
      { handicap: pick([1.5, -1, 10, 400]) },
      { size: 7, handicap: 9 },
    ]);
  }
  const o = {};
  if (chance(0.9)) o.size = pick(sizes);
  if (chance(0.4)) o.komi = pick([0, 0.5, 6.5, 7, -3]);
  if (chance(0.4)) o.rules = pick(RULES);
  if (o.size === 19 && chance(0.1)) o.handicap = int(2, 9);
  return chance(0.05) ? undefined : o;
}

function analyzeOptions(how) {
  if (how === "type") {
    return pick([
      () => wrongType("object", "undefined", "null", "typed"),
      () => ({ moyoThreshold: pick(["3", true]) }),
      () => ({ concaveFix: pick([1, "yes"]) }),
      () => ({ radiationModel: pick([1, {}]) }),
      () => ({ threshold: 3 }),
    ])();
  }
  if (how === "range") {
    return pick([{ moyoThreshold: pick([-1, 0.5, 1e12]) }, { radiationModel: pick(["gauss", ""]) }]);
  }
  if (chance(0.5)) return undefined;
  return {
    radiationModel: pick(["tables", "naive-manhattan", "naive-euclid"]),
    moyoThreshold: int(0, 20),
    concaveFix: chance(0.5),
  };
}

/** Options of `genmove`/`whyNot` (`kind` "move": level, timeMs, seed) or of `reviewMove` ("review": level alone); both take levels 1 to 10. */
function moveOptions(how, kind = "move") {
  if (how === "range" && kind === "review") return { level: pick([0, 11, 1.5, -1]) };
  if (how === "type") {
    return pick([
      () => wrongType("object", "undefined", "null", "typed"),
      () => ({ level: pick(["1", true]) }),
      () => ({ timeMs: pick(["50", {}]) }),
      () => ({ lvl: 1 }),
    ])();
  }
  if (how === "range") {
    return pick([
      { level: pick([0, 11, 1.5, -1]) },
      { timeMs: pick([0, -5, Number.NaN, 1e12]) },
      { seed: pick([-1, 0.5]) },
    ]);
  }
  const o = { level: int(1, 2) };
  if (kind === "move") {
    o.timeMs = int(5, 40);
    o.seed = int(0, 1000);
  }
  return o;
}

/** A position: valid (a game's), of the wrong shape, or unreachable. */
function position(g, how) {
  const p = g.position();
  if (how === "type") {
    return pick([
      () => wrongType("object", "typed"),
      () => ({ ...p, size: String(p.size) }),
      () => ({ ...p, komi: undefined }),
      () => ({ ...p, history: 5 }),
      () => ({ ...p, history: [...p.history, 5] }),
      () => ({ ...p, history: [...p.history, { color: "black" }] }),
      () => ({ ...p, toMove: 1 }),
      () => ({ ...p, handicap: "D4" }),
    ])();
  }
  if (how === "range") {
    return pick([
      () => ({ ...p, size: pick([1, 40, 9.5]) }),
      () => ({ ...p, rules: "ing" }),
      () => ({ ...p, toMove: "green" }),
      () => ({ ...p, komi: Number.NaN }),
      () => ({ ...p, history: [...p.history, { color: "black", move: "Z99" }] }),
      () => ({ ...p, history: [...p.history, { color: "purple", move: "pass" }] }),
      () => ({ ...p, history: [...p.history, { setup: [{ vertex: "A1", color: "blue" }] }] }),
      () => ({ ...p, handicap: ["Z99"] }),
    ])();
  }
  return p;
}

/**
 * The statuses `Game.analyzeStatic` carries onto `g`'s board: made up on it
 * (random status codes on its stones, random groups, some of them
 * standing), of the wrong type or shape, or out of range.
 */
function statusSource(g, how) {
  const n = g.size;
  const board = g.board();
  const vertex = () => ({ x: int(0, n - 1), y: int(0, n - 1) });
  const group = () => ({
    color: pick(["black", "white"]),
    stones: Array.from({ length: int(1, 4) }, vertex),
    state: pick(["alive", "critical", "dead", "seki", "unknown"]),
    attack: chance(0.5) ? vertex() : null,
    defense: chance(0.5) ? vertex() : null,
    basis: pick(["proved", "read", "playouts"]),
  });
  const s = {
    board,
    groupStatus: Int8Array.from(board, (v) => (v ? int(1, 5) : 0)),
    groups: Array.from({ length: int(0, 3) }, group),
  };
  if (how === "type") {
    return pick([
      () => wrongType("object", "undefined", "null", "typed"),
      () => ({ ...s, board: Array.from(board) }),
      () => ({ ...s, groupStatus: "dead" }),
      () => ({ ...s, groups: 3 }),
      () => ({ ...s, groups: [{ ...group(), color: 5 }] }),
      () => ({ ...s, groups: [{ ...group(), stones: [{ x: -1, y: 0 }] }] }),
    ])();
  }
  if (how === "range") {
    return pick([
      () => ({ ...s, board: new Int8Array(n * n + 1) }),
      () => ({ ...s, groupStatus: new Int8Array(n * n).fill(pick([6, -1])) }),
      () => ({ ...s, board: new Int8Array(n * n).fill(2) }),
      () => ({ ...s, groups: [{ ...group(), stones: [{ x: n, y: 0 }] }] }),
      () => ({ ...s, groups: [{ ...group(), attack: { x: 0, y: n } }] }),
    ])();
  }
  return chance(0.1) ? pick([undefined, null]) : s;
}

/** SGF text: a game's own, a broken piece of it, or bytes of noise. */
function sgfText(pool) {
  const base = pick(pool).toSgf();
  const r = random();
  if (r < 0.3) return base;
  if (r < 0.6) {
    const cut = int(0, base.length);
    return (
      base.slice(0, cut) +
      pick(["", ")", "(", ";", "[", "]", "\\", "B[zz]", "SZ[0]", "AB[aa:zz]", "KM[x]"]) +
      base.slice(cut)
    );
  }
  let s = "(;";
  const alphabet = "();[]\\:BWABAWAESZKMCGMFFabcdefghijklmnopqrstz0123456789 \n";
  for (let i = int(0, 60); i > 0; i--) s += alphabet[int(0, alphabet.length - 1)];
  return s;
}

// The games the calls work on: a few at once, replaced when they grow.
const pool = [new moku.Game({ size: 9 }), new moku.Game({ size: 5 }), new moku.Game({ size: 19 })];

function snapshot(g) {
  return `${g.moveNumber}|${g.toSgf()}|${JSON.stringify(g.position())}`;
}

// Each call: [name, weight, fn(g) -> { expect, run }], `expect` the kinds
// of refusal allowed: "type", "range", "refused" (a plain Error), or
// several when the state decides (a move number past the record's end
// is out of range, a legal-looking move may be on an occupied point).
const calls = [
  [
    "new Game",
    6,
    () => {
      const how = fault(0.5);
      const o = gameOptions(how);
      return { allow: how ? [how] : [], mustFail: !!how, run: () => new moku.Game(o), keep: true, args: [o] };
    },
  ],
  [
    "Game.fromSgf / Game.fromSgfUntilFault",
    6,
    () => {
      const bad = chance(0.2);
      const t = bad ? wrongType("string") : sgfText(pool);
      const untilFault = chance(1 / 3);
      return {
        allow: bad ? ["type"] : ["refused"],
        mustFail: bad,
        run: () => (untilFault ? moku.Game.fromSgfUntilFault(t) : moku.Game.fromSgf(t)),
        keep: true,
        args: [t],
      };
    },
  ],
  [
    "play",
    30,
    (g) => {
      const how = fault(0.4);
      const v = vertex(g.size, how);
      return { allow: how ? [how] : ["refused"], mustFail: !!how, run: () => g.play(v), args: [v] };
    },
  ],
  [
    "pass / resign / undo / redo / navigation",
    12,
    (g) => {
      const name = pick([
        "pass",
        "pass",
        "undo",
        "redo",
        "first",
        "previous",
        "next",
        "last",
        "makeMainLine",
        "resign",
      ]);
      return { allow: ["refused"], run: () => g[name](), args: [name] };
    },
  ],
  [
    "goToMove / chooseVariation",
    6,
    (g) => {
      const name = pick(["goToMove", "chooseVariation"]);
      const how = fault(0.5);
      const n =
        how === "type"
          ? wrongType("number")
          : how === "range"
            ? pick([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])
            : int(0, g.moveNumber + 2);
      return { allow: how ? [how] : ["range"], mustFail: !!how, run: () => g[name](n), args: [name, n] };
    },
  ],
  [
    "chain",
    4,
    (g) => {
      const how = fault(0.5);
      const v = how ? vertex(g.size, how) : point(g.size);
      return { allow: how ? [how] : [], mustFail: !!how, run: () => g.chain(v), args: [v] };
    },
  ],
  [
    "score",
    4,
    (g) => {
      const how = fault(0.6);
      let o;
      if (how === "type")
        o = pick([
          () => wrongType("object", "undefined", "null", "typed"),
          () => ({ deadStones: pick(["C3", 5, {}]) }),
          () => ({ dead: [] }),
        ])();
      else if (how === "range") o = { deadStones: [vertex(g.size, chance(0.5) ? "range" : "valid"), "pass"] };
      else o = chance(0.5) ? undefined : { deadStones: [] };
      return { allow: how ? [how] : [], mustFail: !!how, run: () => g.score(o), args: [o] };
    },
  ],
  [
    "annotateMove",
    3,
    (g) => {
      const how = fault(0.6);
      const a = [int(1, g.moveNumber + 1), "a review", pick(VERDICTS), chance(0.5) ? null : point(g.size)];
      if (how === "type") a[int(0, 3)] = wrongType("number", "string", "null", "undefined", "object");
      if (how === "type" && a[3] !== null && typeof a[3] === "object" && !Array.isArray(a[3]) && !("x" in a[3]))
        a[3] = 5;
      if (how === "range") {
        const i = int(0, 2);
        if (i === 0) a[0] = pick([0, -1, 1.5]);
        else a[2] = pick(["great", ""]);
      }
      return { allow: how ? [how] : ["range"], mustFail: !!how, run: () => g.annotateMove(...a), args: a };
    },
  ],
  [
    "getters and lists",
    10,
    (g) => {
      const name = pick(["board", "moves", "legalMoves", "variations", "position", "toSgf"]);
      const getter = pick([
        "size",
        "komi",
        "rules",
        "toMove",
        "captures",
        "moveNumber",
        "lastMove",
        "isOver",
        "comment",
      ]);
      return {
        allow: [],
        run: () => {
          g[name]();
          return g[getter];
        },
        args: [name, getter],
      };
    },
  ],
  [
    "analyze (Game)",
    1,
    (g) => {
      const how = fault(0.8);
      const o = analyzeOptions(how);
      return { allow: how ? [how] : [], mustFail: !!how, run: () => g.analyze(o), args: [o] };
    },
  ],
  [
    "analyzeAfter / moyoCompletion (Game)",
    1,
    (g) => {
      const how = fault(0.8);
      const which = pick(["vertex", "options", "color"]);
      const v = which === "vertex" && how ? vertex(g.size, how) : point(g.size);
      const o = analyzeOptions(which === "options" ? how : null);
      const c =
        which === "color" && how
          ? how === "type"
            ? wrongType("string", "undefined", "null")
            : "green"
          : pick([undefined, "black", "white"]);
      const completion = chance(0.5);
      return {
        allow: how ? [how] : ["refused"],
        mustFail: !!how,
        run: () => (completion ? g.moyoCompletion(v, c, o) : g.analyzeAfter(v, o)),
        args: [completion ? "moyoCompletion" : "analyzeAfter", v, c, o],
        // a colour only matters to moyoCompletion
        skip: !completion && which === "color",
      };
    },
  ],
  [
    "analyze / moyoCompletion (position)",
    1,
    (g) => {
      const how = fault(0.85);
      const pos = position(g, how);
      const completion = chance(0.3);
      const v = point(g.size);
      return {
        allow: how ? [how] : ["refused"],
        mustFail: !!how,
        run: () => (completion ? moku.moyoCompletion(pos, v) : moku.analyze(pos)),
        args: [completion ? "moyoCompletion" : "analyze", pos, v],
      };
    },
  ],
  [
    "selfCheck (position)",
    0.3,
    (g) => {
      const how = fault(0.85);
      const which = pick(["position", "options"]);
      const pos = position(g, which === "position" ? how : null);
      const o = analyzeOptions(which === "options" ? how : null);
      return {
        allow: how ? [how] : [],
        mustFail: !!how,
        run: () => moku.selfCheck(pos, o),
        args: ["selfCheck", pos, o],
      };
    },
  ],
  [
    "analyzeStatic (Game)",
    1,
    (g) => {
      const how = fault(0.8);
      const which = pick(["options", "statuses"]);
      const o = analyzeOptions(which === "options" ? how : null);
      const st = statusSource(g, which === "statuses" ? how : null);
      return { allow: how ? [how] : [], mustFail: !!how, run: () => g.analyzeStatic(o, st), args: [o, st] };
    },
  ],
  [
    "genmove / whyNot / reviewMove",
    0.5,
    (g) => {
      const how = fault(0.9);
      const which = pick(["position", "options", "vertex"]);
      const fn = pick(["genmove", "whyNot", "reviewMove"]);
      const pos = position(g, which === "position" ? how : null);
      const o = moveOptions(which === "options" ? how : null, fn === "reviewMove" ? "review" : "move");
      const v =
        which === "vertex" && how ? vertex(g.size, how) : fn === "reviewMove" ? vertex(g.size, null) : point(g.size);
      const faulted = !!how && !(fn === "genmove" && which === "vertex");
      return {
        allow: faulted ? [how] : ["refused"],
        mustFail: faulted,
        run: () =>
          fn === "genmove"
            ? moku.genmove(pos, o)
            : fn === "whyNot"
              ? moku.whyNot(pos, v, o)
              : moku.reviewMove(pos, v, o),
        args: [fn, pos, v, o],
        // genmove on a big board is slow: keep the fuzz to small ones
        skip: g.size > 9 && !how,
      };
    },
  ],
];

// `--only TEXT` keeps the calls whose name contains TEXT (to chase a finding).
const only = args.indexOf("--only") >= 0 ? args[args.indexOf("--only") + 1] : null;
if (only) calls.splice(0, calls.length, ...calls.filter((c) => c[0].includes(only)));
const total = calls.reduce((s, c) => s + c[1], 0);
function chooseCall() {
  let r = random() * total;
  for (const c of calls) {
    r -= c[1];
    if (r < 0) return c;
  }
  return calls[0];
}

const KIND_OF = { TypeError: "type", RangeError: "range", Error: "refused" };

function fail(i, name, args, why) {
  const shown = args.map((a) => {
    try {
      return typeof a === "bigint" || typeof a === "symbol" || typeof a === "function"
        ? String(a)
        : JSON.stringify(a)?.slice(0, 200);
    } catch {
      return String(a);
    }
  });
  console.error(`fuzz-api: seed ${SEED}, call ${i} (${name}) with ${shown.join(", ")}: ${why}`);
  process.exit(1);
}

function healthy() {
  const g = new moku.Game({ size: 9 });
  g.play("E5");
  const ok = g.board()[40] === 1 && moku.version().length > 0;
  g.free();
  return ok;
}

const counts = { calls: 0, ok: 0, type: 0, range: 0, refused: 0, skipped: 0 };
/** The memory after the first tenth of the run (the pool and the caches grown), to compare with the end. */
let memoryWarm = 0;
const started = performance.now();
for (let i = 1; i <= CALLS; i++) {
  const slot = int(0, pool.length - 1);
  let g = pool[slot];
  if (g.moveNumber > 120 || g.isOver) {
    g.free();
    g = pool[slot] = new moku.Game({ size: pick(sizes) });
  }
  if (i === Math.ceil(CALLS / 10)) memoryWarm = memoryBytes();
  if (process.env.FUZZ_TRACE && i % 5000 === 0) console.log(`fuzz-api: call ${i}, wasm memory ${memoryBytes()} bytes`);
  const [name, , make] = chooseCall();
  const call = make(g);
  if (call.skip) {
    counts.skipped++;
    continue;
  }
  counts.calls++;
  const before = snapshot(g);
  const memBefore = process.env.FUZZ_TRACE ? memoryBytes() : 0;
  let result;
  try {
    result = call.run();
    if (process.env.FUZZ_TRACE && memoryBytes() - memBefore > 1 << 20)
      console.log(
        `fuzz-api: call ${i} (${name}) grew the memory by ${memoryBytes() - memBefore} bytes: ${JSON.stringify(call.args).slice(0, 300)} on ${g.toSgf()}`,
      );
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) fail(i, name, call.args, `the module trapped: ${e.message}`);
    if (!(e instanceof Error)) fail(i, name, call.args, `threw a non-Error: ${String(e)}`);
    const kind = KIND_OF[e.constructor.name];
    if (!kind) fail(i, name, call.args, `threw a ${e.constructor.name}: ${e.message}`);
    if (!e.message || e.message.length < 8) fail(i, name, call.args, `an error with no clear message: "${e.message}"`);
    if (!call.allow.includes(kind))
      fail(
        i,
        name,
        call.args,
        `threw a ${e.constructor.name} ("${e.message}"), expected ${call.allow.length ? call.allow.join(" or ") : "no error"}`,
      );
    if (/unreachable|panicked|RuntimeError|null pointer|recursive use/i.test(e.message))
      fail(i, name, call.args, `an internal error reached the caller: ${e.message}`);
    if (snapshot(g) !== before) fail(i, name, call.args, `the refused call changed the game (${e.message})`);
    counts[kind]++;
    if (!healthy()) fail(i, name, call.args, "the module no longer answers after the error");
    continue;
  }
  if (call.mustFail) {
    fail(
      i,
      name,
      call.args,
      `accepted an argument that should give a ${call.allow[0] === "type" ? "TypeError" : "RangeError"}`,
    );
  }
  counts.ok++;
  if (call.keep && result instanceof moku.Game) {
    if (chance(0.5)) {
      pool[slot].free();
      pool[slot] = result;
    } else {
      result.free();
    }
  }
}
if (!healthy()) fail(CALLS, "the end", [], "the module no longer answers");
// The memory grows while the analysis cache fills (its last 256
// positions: about 22 MB at its fullest in our runs, reached after some
// 35,000 calls, when enough 19x19 middle games have been analysed), then
// stays: a bound, not a ratio. A leak of 64 bytes a call passes it over a
// million calls.
const memoryEnd = memoryBytes();
if (memoryEnd > MEMORY_BOUND)
  fail(CALLS, "the end", [], `the wasm memory grew to ${memoryEnd} bytes (bound ${MEMORY_BOUND}): a leak`);
const seconds = (performance.now() - started) / 1000;
console.log(
  `fuzz-api: ${counts.calls} calls (seed ${SEED}) in ${seconds.toFixed(1)} s: ${counts.ok} answered, ` +
    `${counts.type} TypeError, ${counts.range} RangeError, ${counts.refused} Error; no trap, every refusal changed nothing; ` +
    `wasm memory ${memoryWarm} bytes after the first tenth, ${memoryEnd} at the end`,
);
