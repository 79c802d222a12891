// moku's GTP session inside WebAssembly, on stdin and stdout: the wasm
// build under a referee with the settings of the native `moku gtp`.
// Build it once with scripts/build-gtp-wasm.sh, then:
//
//   node bench-wasm/gtp.mjs PKG_DIR [--level N] [--time-ms MS] [--resign]
//
// for example as an engine under a GTP referee (docs/strength.md, "The
// referee"):
//   --black "node bench-wasm/gtp.mjs target/bench-wasm-pkg --level 10 --time-ms 1000 --resign"
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

const args = process.argv.slice(2);
const usage = "usage: node bench-wasm/gtp.mjs PKG_DIR [--level N] [--time-ms MS] [--resign]";
const pkgDir = args.shift();
if (!pkgDir) {
  console.error(usage);
  process.exit(2);
}
let level = 6;
let timeMs = 0;
let resign = false;
while (args.length > 0) {
  const flag = args.shift();
  if (flag === "--resign") resign = true;
  else if (flag === "--level" || flag === "--time-ms") {
    const value = Number(args.shift());
    if (!Number.isInteger(value) || value < 0) {
      console.error(`${flag} needs a whole number\n${usage}`);
      process.exit(2);
    }
    if (flag === "--level") level = value;
    else timeMs = value;
  } else {
    console.error(`unknown option ${flag}\n${usage}`);
    process.exit(2);
  }
}

const require = createRequire(import.meta.url);
const wasm = require(path.resolve(pkgDir, "moku_bench_wasm.js"));
const error = wasm.gtpStart(level, timeMs, resign);
if (error) {
  console.error(error);
  process.exit(2);
}

// Lines are answered one at a time, in order: a genmove blocks the event
// loop for its thinking time and the lines behind it wait in the stream.
const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const reply = wasm.gtpLine(line);
  if (reply) process.stdout.write(reply);
  if (wasm.gtpFinished()) {
    lines.close();
    process.exit(0);
  }
});
