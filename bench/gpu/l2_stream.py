# SPDX-License-Identifier: GPL-3.0-or-later
"""L2 and HBM read bandwidth: one Triton kernel reads a buffer `passes` times (grid-stride loops,
every SM busy, one float per thread kept), so a buffer that fits the L2 is read from it after the
first pass, and launch costs vanish. Buffers of 8-32 MiB (the L2 is 50 MB) and 2 GiB (HBM), about 8 GB read each.
Checks the on-chip level's bandwidth the GPU presets give their L2 (`presets/memory/l2-*`).
"""
import argparse

import torch
import triton
import triton.language as tl

from common import device_info, time_ms, write_json


@triton.jit
def read_passes(x_ptr, out_ptr, n, passes, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    step = tl.num_programs(0) * BLOCK
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(passes):
        for start in range(pid * BLOCK, n, step):
            offs = start + tl.arange(0, BLOCK)
            acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), acc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    block, programs = 4096, 4 * sms
    out = torch.empty(programs * block, device="cuda", dtype=torch.float32)
    rows = []
    for mib, passes in ((8, 1000), (16, 500), (24, 340), (32, 250), (2048, 4)):
        n = (mib << 20) // 2
        x = torch.empty(n, device="cuda", dtype=torch.bfloat16).normal_()
        run = lambda: read_passes[(programs,)](x, out, n, passes, BLOCK=block)
        ms = time_ms(run, warmup=3, reps=10)
        check = float(out.sum())  # the kernel ran and read finite data
        gbps = (mib << 20) * passes / (ms * 1e-3) / 1e9
        rows.append({"MiB": mib, "passes": passes, "ms": ms, "GBps": gbps, "finite": check == check})
        print(f"read {mib:5d} MiB x {passes:3d}: {gbps:8.0f} GB/s ({ms:.3f} ms)", flush=True)
        del x
        torch.cuda.empty_cache()
    write_json({"device": device_info(), "programs": programs, "block": block, "reads": rows}, args.out)


if __name__ == "__main__":
    main()
