# SPDX-License-Identifier: GPL-3.0-or-later
"""GEMM throughput over shapes, BF16 and FP8: calibrates `matmul_efficiency`,
`matmul_efficiency_fp8` and checks the tile/wave model (`sm_count`, `gemm_tile_m`, `gemm_tile_n`,
`split_min_depth`).

Shapes: squares 1K-16K; the linear layers of Llama-2-7B/70B and Llama-3.1-8B/3.3-70B (whole and
split over TP 2/4/8: column-parallel N / TP, row-parallel K / TP) at M = 1 ... 16384 tokens; and
tile-misaligned sizes. Reports milliseconds, TFLOP/s and the fraction of the datasheet peak given
with --peak-bf16 / --peak-fp8 (dense TFLOP/s).
"""
import argparse

import torch

from common import device_info, time_ms, write_json

LAYERS = {  # (K, N) of each linear layer: qkv, o, gate+up, down
    "llama-2-7b": [(4096, 12288), (4096, 4096), (4096, 22016), (11008, 4096)],
    "llama-2-70b": [(8192, 10240), (8192, 8192), (8192, 57344), (28672, 8192)],
    "llama-3.1-8b": [(4096, 6144), (4096, 4096), (4096, 28672), (14336, 4096)],
}


def shapes():
    out = [(s, s, s) for s in (1024, 2048, 4096, 8192, 16384)]
    out += [(m, 8192, 8192) for m in (1000, 1100, 1536, 2047, 2049, 3000)]  # tile-misaligned rows
    for layers in LAYERS.values():
        for tp in (1, 2, 4, 8):
            for i, (k, n) in enumerate(layers):
                row_parallel = i in (1, 3)
                kk, nn = (k // tp, n) if row_parallel else (k, n // tp)
                for m in (1, 16, 64, 128, 512, 2048, 8192, 16384):
                    out.append((m, nn, kk))
    return sorted(set(out))


def bench(m, n, k, dtype):
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16)
    if dtype == "bf16":
        bt = b.t()
        fn = lambda: a @ bt
    else:  # FP8 e4m3 with per-tensor scales, as TensorRT-LLM and vLLM run FP8 weights
        a8, b8 = a.to(torch.float8_e4m3fn), b.to(torch.float8_e4m3fn).t()
        one = torch.ones((), device="cuda", dtype=torch.float32)
        fn = lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    ms = time_ms(fn, reps=10 if m * n * k > 1 << 36 else 20)
    return ms


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--peak-bf16", type=float, required=True, help="dense BF16 TFLOP/s of the datasheet")
    ap.add_argument("--peak-fp8", type=float, default=0, help="dense FP8 TFLOP/s (0: skip FP8)")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    rows = []
    for m, n, k in shapes():
        for dtype, peak in (("bf16", args.peak_bf16), ("fp8", args.peak_fp8)):
            if peak <= 0 or (dtype == "fp8" and (m % 16 or n % 16 or k % 16)):
                continue  # _scaled_mm needs multiples of 16
            ms = bench(m, n, k, dtype)
            tflops = 2.0 * m * n * k / (ms * 1e-3) / 1e12
            rows.append({"m": m, "n": n, "k": k, "dtype": dtype, "ms": ms, "tflops": tflops, "fraction_of_peak": tflops / peak})
    write_json({"device": device_info(), "peak_tflops": {"bf16": args.peak_bf16, "fp8": args.peak_fp8}, "gemms": rows}, args.out)


if __name__ == "__main__":
    main()
