// The generated declarations of the JS API (pkg/moku.d.ts, written by
// wasm-bindgen from the Rust types of src/web) as TypeScript sees them.

import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { test } from "node:test";

// Two folders down from www/ both here (src/engine/) and once compiled (unit-output/engine/).
const dts = readFileSync(new URL("../../pkg/moku.d.ts", import.meta.url), "utf8");
/** The declarations without their comments (whose prose may say "any"). */
const code = dts.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

test("the generated .d.ts has no any", () => {
  const lines = code.split("\n").filter((l) => /\bany\b/.test(l));
  assert.deepEqual(lines, []);
});

test("the API's shapes are declared from the Rust types, with their documentation", () => {
  for (const name of [
    "Vertex",
    "MoveInfo",
    "Position",
    "Analysis",
    "BlockInfo",
    "BasinInfo",
    "GroupInfo",
    "Score",
    "GameOptions",
  ]) {
    assert.match(code, new RegExp(`export interface ${name} \\{`), name);
  }
  assert.match(code, /export type Color = "black" \| "white";/);
  assert.match(code, /export type VertexInput = string \| Vertex;/);
  assert.match(code, /export type StatusName = "alive" \| "critical" \| "dead" \| "seki" \| "unknown";/);
  // Maps stay typed arrays.
  assert.match(code, /\bboard: Int8Array;/);
  assert.match(code, /\bpotential: Int32Array;/);
  assert.match(code, /\bbasins: Int16Array;/);
  assert.match(code, /\bdanger: Float32Array;/);
  assert.match(dts, /Handtalk's influence dots, -6\.\.6/);
});
