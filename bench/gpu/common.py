# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared timing helpers for the GPU calibration microbenchmarks (bench/gpu/README.md).

Every script times kernels on random data with CUDA events, after warm-up, and reports the median
of several repetitions. Nothing here is an end-to-end model timing: these are the microbenchmarks
the GPU presets' parameters are calibrated on.
"""
import json
import statistics
import sys

import torch


def device_info():
    p = torch.cuda.get_device_properties(0)
    return {"name": p.name, "sm_count": p.multi_processor_count, "memory_bytes": p.total_memory,
            "torch": torch.__version__, "cuda": torch.version.cuda}


def time_ms(fn, warmup=5, reps=20, inner=1):
    """Median milliseconds of one call of fn (each timed sample runs it `inner` times)."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(inner):
            fn()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end) / inner)
    return statistics.median(samples)


def capture(fn, warmup=1):
    """fn captured in a CUDA graph (after `warmup` calls on a side stream, as capture requires);
    replay it with .replay()."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(warmup):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    return g


def flush_l2(size_bytes=256 << 20):
    """A buffer larger than any L2 to overwrite between samples where cold caches matter."""
    return torch.empty(size_bytes, dtype=torch.uint8, device="cuda")


def write_json(result, path):
    text = json.dumps(result, indent=1)
    if path in (None, "-"):
        sys.stdout.write(text + "\n")
    else:
        with open(path, "w") as f:
            f.write(text + "\n")
