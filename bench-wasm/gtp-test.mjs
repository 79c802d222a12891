// End-to-end check of the wasm GTP session (bench-wasm/gtp.mjs) as a
// referee drives it: setup, moves, an illegal move refused without
// changing the game, the engine's moves on the board, quit. Run by
// scripts/test.sh after scripts/build-gtp-wasm.sh:
//
//   node bench-wasm/gtp-test.mjs PKG_DIR
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";

const pkgDir = process.argv[2];
const gtp = path.join(path.dirname(new URL(import.meta.url).pathname), "gtp.mjs");

/** The responses of the wasm session to `commands`, one string each. */
function session(flags, commands) {
  const out = execFileSync("node", [gtp, pkgDir, ...flags], {
    input: `${commands.join("\n")}\n`,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
  return out.split("\n\n").filter((r) => r !== "");
}

// Level 3 (the classic search) on 9x9: the tree levels would only add
// thinking time here.
const replies = session(
  ["--level", "3", "--time-ms", "500"],
  [
    "1 name",
    "2 boardsize 9",
    "3 clear_board",
    "4 komi 6.5",
    "5 play black E5",
    "6 play white E5",
    "7 genmove white",
    "8 genmove black",
    "9 printsgf",
    "10 moku_level",
    "11 quit",
  ],
);
assert.equal(replies.length, 11, replies.join("|"));
assert.equal(replies[0], "=1 moku");
for (const r of replies.slice(1, 4)) assert.match(r, /^=[234] ?$/);
// The occupied point is refused, and the game goes on as before.
assert.match(replies[5], /^\?6 /);
const white = /^=7 ([A-HJ][1-9])$/.exec(replies[6]);
const black = /^=8 ([A-HJ][1-9])$/.exec(replies[7]);
assert.ok(white && black, `${replies[6]} | ${replies[7]}`);
assert.notEqual(white[1], "E5");
assert.notEqual(black[1], white[1]);
// The record holds the three moves in order, the refused one left out.
const sgf = (v) => {
  const col = "ABCDEFGHJ".indexOf(v[0]);
  const row = 9 - Number(v.slice(1));
  return "abcdefghi"[col] + "abcdefghi"[row];
};
const moves = [...replies[8].matchAll(/;([BW])\[([a-i]{2})\]/g)].map((m) => m[1] + m[2]);
assert.deepEqual(moves, ["Bee", `W${sgf(white[1])}`, `B${sgf(black[1])}`], replies[8]);
assert.equal(replies[9], "=10 3");
assert.match(replies[10], /^=11 ?$/);

// A bad option is refused before any GTP is read.
assert.throws(() => session(["--level", "11"], ["name"]), /not between 1 and 10/);
console.log("wasm GTP session: ok");
