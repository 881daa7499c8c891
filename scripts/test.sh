#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs every test (widget tests offscreen).
#   scripts/test.sh             Release build in build/
#   scripts/test.sh --sanitize  ASan + UBSan build in build-sanitize/ (docs/testing.md)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

sanitize=false
case "${1:-}" in
"") ;;
--sanitize) sanitize=true ;;
*) echo "usage: scripts/test.sh [--sanitize]" >&2; exit 2 ;;
esac

llmwb_install_packages
if $sanitize; then
  LLMWB_BUILD=${LLMWB_BUILD_SANITIZE:-$LLMWB_ROOT/build-sanitize}
  # -O1 and line tables only (-g1: enough for the reports' stack traces) keep the build and the
  # instrumented suite within CI's time; assertions stay on. The benchmarks are timings, not
  # checks: not built here. Nor is the Python module: an instrumented extension cannot load into
  # an uninstrumented python3 (its pytest suite runs in the plain build).
  llmwb_build -DLLMWB_SANITIZE=address,undefined -DLLMWB_BUILD_BENCH=OFF -DLLMWB_BUILD_PYTHON=OFF \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1"
  # Leaks are checked, except inside the system libraries Qt loads (scripts/lsan.supp says which).
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=1:strict_string_checks=1}
  export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$LLMWB_ROOT/scripts/lsan.supp:print_suppressions=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
else
  llmwb_build
fi

export QT_QPA_PLATFORM=offscreen
jobs=$(nproc 2>/dev/null || echo 2)
retry=()
# LeakSanitizer's own tracer now and then crashes at a test's exit on a loaded machine ("Tracer
# caught signal 11 ... LeakSanitizer has encountered a fatal error") after every test function
# passed; a test that fails for a real leak or an ASan/UBSan finding fails again and stays failed.
if $sanitize; then retry=(--repeat until-pass:2); fi
ctest --test-dir "$LLMWB_BUILD" --output-on-failure --parallel "$jobs" "${retry[@]}"
