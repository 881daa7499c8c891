# SPDX-License-Identifier: GPL-3.0-or-later
"""One GPU's share of one Llama-3.3-70B layer prefilling a long prompt under tensor parallelism,
operator by operator: checks the GPU model's prefill (the MemExplorer comparison's `gpu/h100x4`
prefills OSWorld's 90K-token prompts) where attention is half of the work.

Operators, timed one by one with CUDA events (median of a few runs, random data): the four linear
layers in BF16 and in FP8 (`torch._scaled_mm`, per-tensor scales; activations quantised outside
the timing), causal attention (SDPA with enable_gqa, BF16), and the two RMSNorms. The all-reduces
are left out. An end-to-end check, not a calibration input.
"""
import argparse

import torch
import torch.nn.functional as F

from common import device_info, time_ms, write_json

MODEL = dict(name="llama-3.3-70b", hidden=8192, heads=64, kv_heads=8, head_dim=128, inter=28672)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tp", type=int, default=4)
    ap.add_argument("--tokens", default="8192,32768,90000")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    torch.manual_seed(0)
    m, tp = MODEL, args.tp
    h, d = m["hidden"], m["head_dim"]
    qh, kvh, inter = m["heads"] // tp, max(1, m["kv_heads"] // tp), m["inter"] // tp
    linears = {"qkv_proj": (h, (qh + 2 * kvh) * d), "o_proj": (qh * d, h), "gate_up_proj": (h, 2 * inter),
               "down_proj": (inter, h)}
    rows = []
    for s in [int(t) for t in args.tokens.split(",")]:
        row = {"tokens": s, "tp": tp}
        for name, (k, n) in linears.items():
            a = torch.randn(s, k, device="cuda", dtype=torch.bfloat16)
            w = torch.randn(n, k, device="cuda", dtype=torch.bfloat16) * 0.02
            wt = w.t()
            row[name + "_bf16_ms"] = time_ms(lambda: a @ wt, warmup=2, reps=5)
            a8, w8 = a.to(torch.float8_e4m3fn), w.to(torch.float8_e4m3fn).t()
            one = torch.ones((), device="cuda", dtype=torch.float32)
            row[name + "_fp8_ms"] = time_ms(
                lambda: torch._scaled_mm(a8, w8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16), warmup=2, reps=5)
            del a, w, wt, a8, w8
        q = torch.randn(1, qh, s, d, device="cuda", dtype=torch.bfloat16)
        k = torch.randn(1, kvh, s, d, device="cuda", dtype=torch.bfloat16)
        v = torch.randn(1, kvh, s, d, device="cuda", dtype=torch.bfloat16)
        row["attention_ms"] = time_ms(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True),
                                      warmup=2, reps=5)
        row["attention_tflops"] = 4.0 * qh * d * s * s / 2 / (row["attention_ms"] * 1e-3) / 1e12
        del q, k, v
        x = torch.randn(s, h, device="cuda", dtype=torch.bfloat16)
        g = torch.randn(h, device="cuda", dtype=torch.bfloat16)
        row["norm_ms"] = time_ms(lambda: x * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6).to(x.dtype) * g,
                                 warmup=2, reps=5)
        del x
        torch.cuda.empty_cache()
        row["layer_bf16_ms"] = sum(row[n + "_bf16_ms"] for n in linears) + row["attention_ms"] + 2 * row["norm_ms"]
        row["layer_fp8_ms"] = sum(row[n + "_fp8_ms"] for n in linears) + row["attention_ms"] + 2 * row["norm_ms"]
        rows.append(row)
        print(f"tokens {s:6d} TP {tp}: layer BF16 {row['layer_bf16_ms']:.2f} ms, FP8 {row['layer_fp8_ms']:.2f} ms; "
              f"attention {row['attention_ms']:.2f} ms ({row['attention_tflops']:.0f} TFLOP/s), "
              + ", ".join(f"{n} {row[n + '_bf16_ms']:.2f}/{row[n + '_fp8_ms']:.2f}" for n in linears), flush=True)
    write_json({"device": device_info(), "model": m, "prefill_layers": rows}, args.out)


if __name__ == "__main__":
    main()
