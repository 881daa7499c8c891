# SPDX-License-Identifier: GPL-3.0-or-later
"""Attention kernels: prefill (causal, FlashAttention-style) over prompt length and decode (one
query token) over KV length and batch: checks the attention model (`attention_bits`, the split-KV
decode with `split_min_depth`, its growth with context at batch 1).

Uses torch.nn.functional.scaled_dot_product_attention in BF16 (the flash backend where available);
GQA by repeating KV heads is avoided with enable_gqa when the PyTorch version has it.
"""
import argparse

import torch
import torch.nn.functional as F

from common import device_info, time_ms, write_json

MODELS = {"llama-2-7b": (32, 32, 128), "llama-3.1-8b": (32, 8, 128), "llama-2-70b-tp8": (8, 1, 128)}


def sdpa(q, k, v, causal):
    try:
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=q.shape[1] != k.shape[1])
    except TypeError:  # PyTorch without enable_gqa
        rep = q.shape[1] // k.shape[1]
        return F.scaled_dot_product_attention(q, k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1), is_causal=causal)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    rows = []
    for model, (heads, kv_heads, d) in MODELS.items():
        for s in (128, 512, 2048, 8192, 16384):
            q = torch.randn(1, heads, s, d, device="cuda", dtype=torch.bfloat16)
            k = torch.randn(1, kv_heads, s, d, device="cuda", dtype=torch.bfloat16)
            v = torch.randn(1, kv_heads, s, d, device="cuda", dtype=torch.bfloat16)
            ms = time_ms(lambda: sdpa(q, k, v, True))
            flops = 4.0 * heads * d * s * s / 2  # causal: half of QK^T and PV
            rows.append({"phase": "prefill", "model": model, "batch": 1, "tokens": s, "ms": ms, "tflops": flops / ms / 1e9})
        for b in (1, 8, 64):
            for ctx in (1024, 4096, 16384, 65536):
                if b * kv_heads * ctx * d * 2 * 2 > 8 << 30:
                    continue
                # Distinct K and V, and enough sets to rotate through that no step finds its KV in L2.
                kv_bytes_one = b * kv_heads * ctx * d * 2 * 2
                sets = [(torch.randn(b, heads, 1, d, device="cuda", dtype=torch.bfloat16),
                         torch.randn(b, kv_heads, ctx, d, device="cuda", dtype=torch.bfloat16),
                         torch.randn(b, kv_heads, ctx, d, device="cuda", dtype=torch.bfloat16))
                        for _ in range(max(1, min(16, -(-(256 << 20) // kv_bytes_one))))]
                turn = [0]

                def step():
                    q, k, v = sets[turn[0] % len(sets)]
                    turn[0] += 1
                    return sdpa(q, k, v, False)
                ms = time_ms(step)
                kv_bytes = 2.0 * b * kv_heads * ctx * d * 2
                rows.append({"phase": "decode", "model": model, "batch": b, "context": ctx, "ms": ms,
                             "kv_GBps": kv_bytes / ms / 1e6})
    write_json({"device": device_info(), "attention": rows}, args.out)


if __name__ == "__main__":
    main()
