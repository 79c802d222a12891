#!/usr/bin/env bash
# Installs everything a new machine lacks to build and test moku. Each
# step is idempotent and skipped when already satisfied.
#
#   scripts/setup.sh                     # everything
#   scripts/setup.sh --no-wasm-bindgen   # all but the wasm-bindgen CLI
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Rust's wasm target.
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The wasm-bindgen CLI (scripts/setup-wasm-bindgen.sh); the test command
# passes --no-wasm-bindgen and installs it in the background, beside the
# Rust tests, since only the wasm builds need it.
if [ "${1:-}" != "--no-wasm-bindgen" ]; then
  scripts/setup-wasm-bindgen.sh
fi

# Debian's chromium and chromedriver for the browser tests.
if ! command -v chromium >/dev/null; then
  say "installing chromium"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# npm packages from the lock file.
if [ -f www/package-lock.json ]; then
  if [ ! -d www/node_modules ] || [ www/package-lock.json -nt www/node_modules/.package-lock.json ]; then
    say "installing npm packages (npm ci)"
    npm ci --prefix www --no-audit --no-fund
  fi
fi
say "ready"
