#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The key benchmarks against the committed baseline (bench/baseline.json), for a developer to run
# before stopping; never a timed test in CI.
#   scripts/bench.sh             run them and print each figure
#   scripts/bench.sh --compare   the same beside the baseline, as a ratio; any figure more than 15 %
#                                slower is flagged and the script exits 1
#   scripts/bench.sh --update    write the figures as the new baseline (on purpose, with the reason
#                                in the commit)
# Each benchmark runs three times and the least time is kept: a shared 2-core machine stalls now
# and then, and a stall is not a regression. The window's edit -> paint figures are the p95 of
# EditToPaint (itself the least of three runs).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mode=run
case "${1:-}" in
"") ;;
--compare) mode=compare ;;
--update) mode=update ;;
*) echo "usage: scripts/bench.sh [--compare | --update]" >&2; exit 2 ;;
esac

llmwb_build >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}

# binary, filter: the figures the baseline holds (evaluate per engine, the exhaustive sweep, GP+EHVI
# 100 steps, serving 10,000 requests, edit -> window painted, and evaluate from Python).
run() {
  local binary=$1 filter=$2 name=$3
  echo "bench.sh: $binary --benchmark_filter='$filter'" >&2
  "$LLMWB_BUILD/bench/$binary" --benchmark_filter="$filter" --benchmark_repetitions=3 \
    --benchmark_format=json --benchmark_out="$out/$name.json" --benchmark_out_format=json >/dev/null 2>"$out/$name.log" ||
    { cat "$out/$name.log" >&2; exit 1; }
}
run bench_evaluate '^BM_Evaluate_' evaluate
run bench_dse '^BM_ExhaustiveDecodeSweep_AllThreads/|^BM_Mobo100Evaluations/1/' dse
run bench_serving '^BM_Serve_Continuous_OSWorld_H100x4/10000$' serving
run bench_window '^EditToPaint/' window
# import llmwb: evaluations from a Python loop on one core, and one CLI process per evaluation.
if [ -d "$LLMWB_BUILD/python/llmwb" ]; then
  echo "bench.sh: bench/python_evaluate.py" >&2
  PYTHONPATH="$LLMWB_BUILD/python" "$LLMWB_PYTHON" "$LLMWB_ROOT/bench/python_evaluate.py" \
    --cli "$LLMWB_BUILD/app/cli/llmwb-cli" --json "$out/python.json" >&2
fi

python3 - "$out" "$LLMWB_ROOT/bench/baseline.json" "$mode" <<'EOF'
import json, os, sys
out, baseline_path, mode = sys.argv[1], sys.argv[2], sys.argv[3]
scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
figures = {}
for name in sorted(n for n in os.listdir(out) if n.endswith(".json")):
    runs = json.load(open(os.path.join(out, name)))["benchmarks"]
    for b in runs:
        if b.get("run_type") == "aggregate":
            # EditToPaint reports its own least-of-three aggregate: take its p95 figures.
            if b.get("aggregate_name") == "min" and "p95_ms" in b:
                base = b["run_name"]
                figures[base + " p95_ms"] = b["p95_ms"] * 1e-3
                figures[base + " work_p95_ms"] = b["work_p95_ms"] * 1e-3
            continue
        seconds = b["real_time"] * scale[b.get("time_unit", "ns")]
        key = b["run_name"]
        figures[key] = min(figures.get(key, seconds), seconds)

def show(seconds):
    for unit, factor in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= factor:
            return f"{seconds / factor:9.3f} {unit}"
    return f"{seconds / 1e-9:9.1f} ns"

if mode == "update":
    json.dump({"note": "least of three runs, seconds; scripts/bench.sh --update", "figures": figures},
              open(baseline_path, "w"), indent=2, sort_keys=True)
    print(f"bench.sh: wrote {len(figures)} figures to {baseline_path}")
    sys.exit(0)
baseline = json.load(open(baseline_path))["figures"] if mode == "compare" and os.path.exists(baseline_path) else {}
slower = 0
for key in sorted(figures):
    line = f"{key:70s} {show(figures[key])}"
    if key in baseline and baseline[key] > 0:
        ratio = figures[key] / baseline[key]
        flag = "  SLOWER" if ratio > 1.15 else ""
        slower += ratio > 1.15
        line += f"   baseline {show(baseline[key])}   x{ratio:5.2f}{flag}"
    elif mode == "compare":
        line += "   (not in the baseline)"
    print(line)
if mode == "compare":
    missing = sorted(set(baseline) - set(figures))
    for key in missing:
        print(f"{key:70s} (in the baseline, not run)")
    print(f"bench.sh: {slower} figure(s) more than 15 % slower than the baseline")
    sys.exit(1 if slower else 0)
EOF
