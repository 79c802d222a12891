#!/usr/bin/env bash
# Builds the web side of moku: the wasm module as an npm package in
# www/pkg, then the page, the worker and <go-board> in www/dist, and
# type-checks the TypeScript. Settings come from wasm-pack.toml.
#
#   scripts/build-web.sh            # release build (size-optimised)
#
# Needs: rustup target wasm32-unknown-unknown, the wasm-bindgen CLI at the
# exact version Cargo.lock pins, node + npm (scripts/setup.sh installs
# them; docs/web.md says why wasm-opt comes from npm).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# --- settings -------------------------------------------------------------
eval "$(python3 - <<'PY'
import shlex, tomllib
with open("wasm-pack.toml", "rb") as f:
    s = tomllib.load(f)
b, o = s["build"], s.get("wasm-opt", {})
print(f"target={shlex.quote(b['target'])}")
print(f"out_dir={shlex.quote(b['out-dir'])}")
print(f"out_name={shlex.quote(b['out-name'])}")
print(f"profile={shlex.quote(b['profile'])}")
print(f"wasm_opt={'1' if o.get('enabled', False) else '0'}")
print("wasm_opt_args=(" + " ".join(shlex.quote(a) for a in o.get("args", [])) + ")")
PY
)"

# --- tools ------------------------------------------------------------------
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }') || true
if [ "$have" != "$want" ]; then
  echo "build-web: need wasm-bindgen CLI $want (found '${have:-none}'): run scripts/setup.sh" >&2
  exit 1
fi

# --- wasm -------------------------------------------------------------------
target_dir=${CARGO_TARGET_DIR:-$root/target}
echo "build-web: cargo build --lib --profile $profile --target wasm32-unknown-unknown"
cargo build --lib --profile "$profile" --target wasm32-unknown-unknown --locked
wasm="$target_dir/wasm32-unknown-unknown/$profile/moku.wasm"

echo "build-web: wasm-bindgen --target $target --out-dir $out_dir"
mkdir -p "$out_dir"
rm -f "$out_dir"/*.wasm "$out_dir"/*.js "$out_dir"/*.d.ts
wasm-bindgen --target "$target" --out-dir "$out_dir" --out-name "$out_name" \
  --remove-name-section --remove-producers-section "$wasm"
# The API's types are generated from the Rust types (src/web) and have no
# `any`; wasm-bindgen still types the raw wasm exports of `InitOutput`
# (externref parameters) as `any`. Nobody calls those, so `unknown` says
# the same without opting out of type checking.
sed -i -E '/^export interface InitOutput/,/^}/ s/\bany\b/unknown/g' "$out_dir/$out_name.d.ts"

# npm ci when the lock file changed since the last install.
if [ ! -f www/node_modules/.package-lock.json ] || [ www/package-lock.json -nt www/node_modules/.package-lock.json ]; then
  echo "build-web: npm ci"
  (cd www && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

if [ "$wasm_opt" = 1 ]; then
  echo "build-web: wasm-opt ${wasm_opt_args[*]}"
  www/node_modules/.bin/wasm-opt "${wasm_opt_args[@]}" "$out_dir/${out_name}_bg.wasm" -o "$out_dir/${out_name}_bg.wasm"
fi

# --- the npm package: package.json and README next to the generated files ---
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
sed "s/@VERSION@/$version/" www/pkg-files/package.json > "$out_dir/package.json"
cp www/pkg-files/README.md "$out_dir/README.md"
cp LICENSE "$out_dir/LICENSE"

# --- the page, the element and the package's bundles ---------------------------
echo "build-web: esbuild + tsc --noEmit"
(cd www && node build.mjs && node_modules/.bin/tsc --noEmit -p .)

raw=$(wc -c < "$out_dir/${out_name}_bg.wasm")
gz=$(gzip -9c "$out_dir/${out_name}_bg.wasm" | wc -c)
echo "build-web: done: $out_dir/${out_name}_bg.wasm $raw bytes, $gz gzipped"
