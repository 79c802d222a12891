#!/usr/bin/env bash
# Installs what the web build and the browser tests need, idempotently
# (../shared/docs/TOOLCHAIN.md): the wasm32 target, the wasm-bindgen CLI
# at exactly the version Cargo.lock pins, Debian's chromium and
# chromedriver (never a downloaded browser), and the npm packages of
# www/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }') || true
if [ "$have" != "$want" ]; then
  # --locked fails against the registry mirror for 0.2.130: fall back to unlocked.
  cargo install wasm-bindgen-cli --version "$want" --locked || cargo install wasm-bindgen-cli --version "$want"
fi

if [ "${MOKU_SKIP_BROWSER:-0}" != 1 ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update && apt-get install -y chromium chromium-driver
  else
    sudo apt-get update && sudo apt-get install -y chromium chromium-driver
  fi
fi

if [ ! -f www/node_modules/.package-lock.json ] || [ www/package-lock.json -nt www/node_modules/.package-lock.json ]; then
  (cd www && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi
