#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/fuzz.sh TARGET|all SECONDS [libFuzzer options...]
# Builds the libFuzzer targets (clang, ASan + UBSan) into build-fuzz/ and runs TARGET (or every
# target in turn) for SECONDS, seeded with the shipped files of its kind and fuzz/llmwb.dict.
# New inputs the fuzzer keeps go to build-fuzz/corpus/TARGET (kept between runs); a crash, a
# sanitizer report, a hang over 10 s or an unexpected exception leaves its input in
# build-fuzz/artifacts/ and makes the exit status non-zero. docs/testing.md has the details.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

targets=(memory model workload device system project space trace results evaluate serve)
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer options...]; targets: ${targets[*]}" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
if [ "$target" = all ]; then selected=("${targets[@]}"); else selected=("$target"); fi
for t in "${selected[@]}"; do
  [[ " ${targets[*]} " == *" $t "* ]] || { echo "fuzz.sh: no target \"$t\"; targets: ${targets[*]}" >&2; exit 2; }
done

llmwb_install_packages
llmwb_install_packages "${LLMWB_FUZZ_PACKAGES[@]}"
LLMWB_BUILD=${LLMWB_BUILD_FUZZ:-$LLMWB_ROOT/build-fuzz}
# -O1 with assertions on (an assert a malformed input can reach is a finding too); line tables
# only, for the stack traces, keep the instrumented build short.
llmwb_build -DCMAKE_CXX_COMPILER=clang++ -DLLMWB_FUZZ=ON -DLLMWB_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only"

# The seeds: the shipped files of each kind, copied afresh so that a changed preset is seen.
seedsOf() {
  case $1 in
  memory) echo presets/memory ;;
  model) echo presets/models ;;
  workload) echo presets/workloads ;;
  device) echo presets/devices ;;
  system | evaluate | serve) echo presets/systems presets/devices ;;
  project) echo presets/projects ;;
  space) echo presets/spaces tests/data/spaces ;;
  trace) echo tests/data/traces ;;
  results) echo fuzz/seeds/results ;;
  esac
}

status=0
for t in "${selected[@]}"; do
  seeds=$LLMWB_BUILD/seeds/$t corpus=$LLMWB_BUILD/corpus/$t artifacts=$LLMWB_BUILD/artifacts
  rm -rf "$seeds"
  mkdir -p "$seeds" "$corpus" "$artifacts"
  for folder in $(seedsOf "$t"); do
    # Named by their path (devices/npusim/base.json -> devices_npusim_base.json): ids repeat across folders.
    find "$LLMWB_ROOT/$folder" -type f -exec sh -c 'd=$1 r=$2; shift 2; for f; do cp "$f" "$d/$(echo "${f#"$r"/}" | tr / _)"; done' \
      sh "$seeds" "$LLMWB_ROOT" {} +
  done
  echo "fuzz.sh: $t for ${seconds} s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in the corpus)"
  log=$LLMWB_BUILD/fuzz-$t.log
  # The largest shipped file is about 7 kB; 32 kB leaves room to grow. A system's evaluation of a
  # big model takes well under a second, so 10 s is a hang.
  if "$LLMWB_BUILD/fuzz/fuzz_$t" -max_total_time="$seconds" -dict="$LLMWB_ROOT/fuzz/llmwb.dict" \
      -max_len=32768 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$artifacts/$t-" "$@" "$corpus" "$seeds" > "$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
    tail -n 60 "$log"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  echo "fuzz.sh: $t $result: ${runs:-?} executions (${rate:-?}/s); log $log"
done
exit $status
