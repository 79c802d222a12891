#!/usr/bin/env bash
# Installs everything a new machine lacks to build and test moku. Each
# step is idempotent and skipped when already satisfied.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Rust's wasm target.
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The wasm-bindgen CLI at exactly the version the crate pins (Cargo.lock).
# No registry this project can reach publishes it prebuilt, so it is built
# from crates.io, unoptimised (`--debug`): 135 CPU-seconds instead of 428
# for the optimised build, and its output is byte for byte the same (it
# runs about a second per build of the page). `--locked` fails for 0.2.130 (its lock
# file names a webpki-roots the registry no longer offers), hence the
# second try without it.
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (about two minutes on a new machine)"
  cargo install wasm-bindgen-cli --version "$want" --debug --locked 2>/dev/null ||
    cargo install wasm-bindgen-cli --version "$want" --debug
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
