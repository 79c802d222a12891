#!/usr/bin/env bash
# Sets everything up and runs the main program: the GTP engine on stdin/stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
cargo build --release --locked >&2
exec target/release/moku gtp "$@"
