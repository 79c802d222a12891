// Runs the biome linter from its platform package. We depend on the
// platform packages directly (optionalDependencies) instead of the
// `@biomejs/biome` wrapper, because the wrapper lists a binary for every
// platform and the registry mirror these machines use carries only the
// Linux ones: `npm ci` then refuses the lock file as out of sync.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let bin;
try {
  bin = require.resolve(`${pkg}/biome`);
} catch {
  console.error(
    `biome.mjs: the linter has no binary for ${process.platform}-${process.arch} (${pkg} is not installed); add it to optionalDependencies in www/package.json`,
  );
  process.exit(2);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" });
process.exit(r.status ?? 1);
