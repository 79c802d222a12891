#!/usr/bin/env bash
# Builds the web side (which type-checks the TypeScript against the
# generated .d.ts), lints the TypeScript and checks its format (biome),
# runs its unit tests (node's test runner) and the browser tests (Playwright driving Debian's
# chromium against the served page). Screenshots of every test land in
# www/test-output/ (ignored by git). For .ci/run.
#
#   scripts/test-web.sh               # setup if needed, build, test
#   scripts/test-web.sh -g "capture"  # extra arguments go to playwright test
#   MOKU_WEB_BUILT=1 scripts/test-web.sh  # the page is built: test only
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${MOKU_WEB_BUILT:-}" != 1 ]; then
  scripts/setup.sh
  scripts/build-web.sh
fi
echo "test-web: biome lint and format"
(cd www && npm run --silent lint && npm run --silent format:check)
echo "test-web: TypeScript unit tests"
(cd www && npm run --silent test:unit)
# Random calls with wrong types and out-of-range values against the real
# wasm module: no trap, the right error class, nothing changed.
echo "test-web: JS API fuzz, short run"
(cd www && node fuzz-api.mjs --calls 10000 --seed 1)
# The npm package must be valid: npm pack lists what it would publish.
(cd www/pkg && npm pack --dry-run --json > /dev/null)
rm -rf www/test-output
cd www
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ $# -gt 0 ]; then
  node_modules/.bin/playwright test "$@"
else
  # Two workers for most tests; those tagged @timing (helpers.ts: TIMING)
  # after them, one at a time, on an otherwise idle machine.
  node_modules/.bin/playwright test --grep-invert @timing
  node_modules/.bin/playwright test --grep @timing --workers 1
fi
