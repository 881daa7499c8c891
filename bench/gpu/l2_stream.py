# SPDX-License-Identifier: GPL-3.0-or-later
"""L2 and HBM read bandwidth without launch gaps: a buffer read (a float32-accumulated sum) 100
times in one CUDA graph, for buffers that fit the L2 (4-32 MiB) and for ones that do not (256 MiB-
4 GiB). Checks the on-chip level's bandwidth the GPU presets give their L2 (`presets/memory/l2-*`):
data streamed from HBM passes it on the way to the SMs.
"""
import argparse

import torch

from common import device_info, time_ms, write_json


def graph_of(fn, reps):
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(reps):
            fn()
    return g


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    rows = []
    reps = 100
    for mib in (4, 8, 16, 24, 32, 256, 1024, 4096):
        x = torch.empty((mib << 20) // 2, device="cuda", dtype=torch.bfloat16).normal_()
        out = torch.empty((), device="cuda", dtype=torch.float32)
        g = graph_of(lambda: torch.sum(x, dtype=torch.float32, out=out), reps)
        ms = time_ms(g.replay, warmup=3, reps=10)
        gbps = (mib << 20) * reps / (ms * 1e-3) / 1e9
        rows.append({"MiB": mib, "reads_per_graph": reps, "ms": ms, "GBps": gbps})
        print(f"read {mib:5d} MiB x {reps}: {gbps:8.0f} GB/s", flush=True)
        del g, x
        torch.cuda.empty_cache()
    write_json({"device": device_info(), "reads": rows}, args.out)


if __name__ == "__main__":
    main()
