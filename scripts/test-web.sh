#!/usr/bin/env bash
# Builds the web side and runs the browser tests (Playwright driving
# Debian's chromium against the served page). Screenshots of every test
# land in www/test-output/ (ignored by git). For .ci/run.
#
#   scripts/test-web.sh               # setup if needed, build, test
#   scripts/test-web.sh -g "capture"  # extra arguments go to playwright test
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-web.sh
# The npm package must be valid: npm pack lists what it would publish.
(cd www/pkg && npm pack --dry-run --json > /dev/null)
rm -rf www/test-output
cd www
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 node_modules/.bin/playwright test "$@"
