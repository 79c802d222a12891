#!/usr/bin/env bash
# A documented long run of one fuzz target under AFL++ (see README.md):
#   fuzz/run-afl.sh TARGET [EXECUTIONS]
# Builds the AFL++ programs (target/afl), then fuzzes TARGET from
# fuzz/corpus/TARGET with the dictionary fuzz/dict/TARGET.dict (if any)
# until EXECUTIONS inputs (10,000,000 by default) have run, niced so that
# the machine's other work goes first. Inputs are at most 4 KiB
# (AFL_MAX_LEN to change): long enough for every construct of each format
# many times over, short enough for thousands of inputs a second; the
# sizes that matter for bounded work (100,000 moves, 1 MB values, the
# limits) have their own tests and benchmarks. Findings land in fuzz/out/TARGET;
# every crash found becomes a file in fuzz/regressions/TARGET and a test.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run-afl.sh TARGET [EXECUTIONS]}
executions=${2:-10000000}
export CARGO_TARGET_DIR="$PWD/target/afl"
cargo afl build --release --locked -p moku-fuzz --features afl --bin "fuzz_$target" --quiet
dict=()
if [ -f "fuzz/dict/$target.dict" ]; then dict=(-x "fuzz/dict/$target.dict"); fi
mkdir -p "fuzz/out"
# No UI (the output goes to a log), no CPU binding (a shared machine),
# and no complaint about the kernel's crash handler or CPU governor,
# which a user cannot change here.
AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 \
  AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  nice -n 10 cargo afl fuzz -i "fuzz/corpus/$target" -o "fuzz/out/$target" \
  "${dict[@]}" -E "$executions" -G "${AFL_MAX_LEN:-4096}" -t 2000 -- "$CARGO_TARGET_DIR/release/fuzz_$target"
