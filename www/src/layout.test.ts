// The sources' folders by product: the shared view and the engine client
// stand alone; the page and the element build on them, never on each other.

import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";

// One folder down from www/ both here (src/) and once compiled (unit-output/).
const src = join(dirname(new URL(import.meta.url).pathname), "..", "src");

/** What each folder may import besides itself and the generated pkg/. */
const ALLOWED: Record<string, string[]> = {
  view: [],
  engine: [],
  element: ["view", "engine"],
  page: ["view", "engine"],
  bench: ["view", "engine", "page"],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

test("each folder of src/ imports only itself, pkg/ and the folders it builds on", () => {
  const wrong: string[] = [];
  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    for (const file of files(join(src, folder))) {
      const text = readFileSync(file, "utf8");
      // `from "..."`, a bare `import "..."` and a dynamic `import("...")`.
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        const target = relative(src, normalize(join(dirname(file), m[1] ?? "")));
        const top = target.split("/")[0] ?? "";
        if (top === folder || top === ".." || allowed.includes(top)) continue;
        wrong.push(`${relative(src, file)} imports ${m[1]}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test("every source file is in one of the folders", () => {
  const loose = readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith(".test.ts"))
    .map((e) => e.name);
  assert.deepEqual(loose, []);
});
