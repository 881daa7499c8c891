#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Full-model evaluations per second from a Python loop (import llmwb) on one core, for the
MemExplorer Base design on Llama-3.3-70B / OSWorld (the design of bench_evaluate's
BM_Evaluate_Base_Llama70B_OSWorld), beside the cost of one `llmwb-cli evaluate --json` process.

    PYTHONPATH=build/python python3 bench/python_evaluate.py [--cli build/app/cli/llmwb-cli] [--json FILE]

Each figure is the least of three runs; --json writes them in Google Benchmark's format for
scripts/bench.sh. Speed is measured here, never in tests.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

import llmwb

ROOT = pathlib.Path(__file__).resolve().parents[1]


def python_loop(seconds=1.0):
    system = llmwb.load("system", "memexplorer/base")
    model = llmwb.load("model", "llama-3.3-70b")
    workload = llmwb.load("workload", "osworld")
    evaluate = llmwb.evaluate
    for _ in range(200):  # warm: caches, allocator
        evaluate(system, model, workload)
    count, start = 0, time.perf_counter()
    while True:
        for _ in range(1000):
            evaluate(system, model, workload)
        count += 1000
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / count


def cli_process(cli, runs=20):
    args = [cli, "evaluate", "--system", "memexplorer/base", "--model", "llama-3.3-70b", "--workload", "osworld", "--json"]
    subprocess.run(args, check=True, capture_output=True)
    start = time.perf_counter()
    for _ in range(runs):
        subprocess.run(args, check=True, capture_output=True)
    return (time.perf_counter() - start) / runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=str(ROOT / "build" / "app" / "cli" / "llmwb-cli"))
    parser.add_argument("--json", help="write the figures in Google Benchmark's JSON format")
    args = parser.parse_args()
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    per_eval = min(python_loop() for _ in range(3))
    per_process = min(cli_process(args.cli) for _ in range(3))
    print(f"python loop, MemExplorer Base on Llama-3.3-70B / OSWorld, one core: "
          f"{1 / per_eval:,.0f} evaluations/s ({per_eval * 1e6:.1f} us each)")
    print(f"llmwb-cli evaluate --json, one process per evaluation:          "
          f"{1 / per_process:,.1f} evaluations/s ({per_process * 1e3:.1f} ms each), "
          f"{per_process / per_eval:,.0f} x the Python call")
    if args.json:
        figures = [("Python_Evaluate_Base_Llama70B_OSWorld", per_eval * 1e6, "us"),
                   ("Cli_Evaluate_Process_Base_Llama70B_OSWorld", per_process * 1e3, "ms")]
        with open(args.json, "w") as f:
            json.dump({"benchmarks": [{"run_name": n, "name": n, "run_type": "iteration", "real_time": t, "time_unit": u}
                                      for n, t, u in figures]}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
