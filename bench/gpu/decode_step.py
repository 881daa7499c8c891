# SPDX-License-Identifier: GPL-3.0-or-later
"""One GPU's share of a tensor-parallel decode step, kernels only: checks the GPU model's decode step
where the Snake comparison uses it (`gpu/h100x8`, Llama-3.3-70B, TP 8, batch 8-64 x context 1K-8K;
tests/core/engine/snake/tst_snake_decode.cpp compares decode steps without the all-reduces, as the
paper's kernel-level comparison does).

Every one of the 80 layers has its own weights (the TP-8 shard in BF16, 17 GB) and its own KV cache
(batch, 1 KV head, context, 128), both random. A step is the layer sequence with the cache append;
the all-reduces are left out. Timed as a CUDA graph replay (how vLLM and TensorRT-LLM run decode) and
eagerly, in two forms:
  core: the four GEMMs of each layer, the KV append and the attention (SDPA with enable_gqa: one
        query token per head, 8 heads sharing the KV head; PyTorch 2.5 or later);
  full: core plus RMSNorm (twice), residual adds, SiLU x up, and a rotary-style update of q and k.
PyTorch runs more, unfused kernels per layer than a production engine, so a production step lies
near `core` to `full` of the graph replay. This is an end-to-end check, not a calibration input.
"""
import argparse

import torch
import torch.nn.functional as F

from common import capture, device_info, time_ms, write_json

MODEL = dict(name="llama-3.3-70b", layers=80, hidden=8192, heads=64, kv_heads=8, head_dim=128, inter=28672)


def rms(x, w):
    return x * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6).to(x.dtype) * w


def make_step(weights, caches, batch, context, full, qh, kvh, d, inter):
    def step(x):
        for w, (kc, vc) in zip(weights, caches):
            h = rms(x, w["n1"]) if full else x
            qkv = h @ w["qkv"]
            q, k, v = qkv.split([qh * d, kvh * d, kvh * d], dim=-1)
            if full:  # rotary-style update (two multiplies and an add each)
                q = q * w["cos_q"] + q.roll(1, -1) * w["sin_q"]
                k = k * w["cos_k"] + k.roll(1, -1) * w["sin_k"]
            kc[:, :, context - 1, :] = k.view(batch, kvh, d)
            vc[:, :, context - 1, :] = v.view(batch, kvh, d)
            # One query token per head; the group's heads share a KV head (FlashAttention packs them
            # and splits the keys over the SMs when batch x KV heads leaves SMs idle).
            a = F.scaled_dot_product_attention(q.view(batch, qh, 1, d), kc, vc, enable_gqa=True)
            o = a.reshape(batch, qh * d) @ w["o"]
            x = x + o if full else o
            h = rms(x, w["n2"]) if full else x
            gu = h @ w["gu"]
            m = F.silu(gu[:, :inter]) * gu[:, inter:] if full else gu[:, :inter]
            y = m @ w["down"]
            x = x + y if full else y
        return x
    return step


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tp", type=int, default=8)
    ap.add_argument("--batches", default="8,16,32,64")
    ap.add_argument("--contexts", default="1024,2048,4096,8192")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    torch.manual_seed(0)
    m, tp, dt = MODEL, args.tp, torch.bfloat16
    h, d = m["hidden"], m["head_dim"]
    qh, kvh, inter = m["heads"] // tp, max(1, m["kv_heads"] // tp), m["inter"] // tp

    def rnd(*shape, scale=0.02):
        return torch.empty(*shape, device="cuda", dtype=dt).normal_(0, scale)

    weights = []
    for _ in range(m["layers"]):
        weights.append({"qkv": rnd(h, (qh + 2 * kvh) * d), "o": rnd(qh * d, h), "gu": rnd(h, 2 * inter),
                        "down": rnd(inter, h), "n1": rnd(h, scale=1.0), "n2": rnd(h, scale=1.0),
                        "cos_q": rnd(qh * d, scale=1.0), "sin_q": rnd(qh * d, scale=1.0),
                        "cos_k": rnd(kvh * d, scale=1.0), "sin_k": rnd(kvh * d, scale=1.0)})
    weight_bytes = sum(w[k].numel() * 2 for w in weights for k in ("qkv", "o", "gu", "down"))
    rows = []
    for batch in [int(b) for b in args.batches.split(",")]:
        for context in [int(c) for c in args.contexts.split(",")]:
            caches = [(rnd(batch, kvh, context, d, scale=1.0), rnd(batch, kvh, context, d, scale=1.0))
                      for _ in range(m["layers"])]
            x = rnd(batch, h, scale=1.0)
            row = {"batch": batch, "context": context, "weight_bytes": weight_bytes,
                   "kv_bytes": 2.0 * m["layers"] * batch * kvh * context * d * 2}
            for form, full in (("core", False), ("full", True)):
                step = make_step(weights, caches, batch, context, full, qh, kvh, d, inter)
                out = step(x)
                assert torch.isfinite(out.float()).all(), f"non-finite output ({form}, {batch}, {context})"
                g = capture(lambda: step(x), warmup=2)
                row[form + "_graph_ms"] = time_ms(g.replay, warmup=3, reps=10)
                row[form + "_eager_ms"] = time_ms(lambda: step(x), warmup=2, reps=5)
                del g
            row["core_graph_TBps"] = (row["weight_bytes"] + row["kv_bytes"]) / row["core_graph_ms"] / 1e9
            rows.append(row)
            print(f"batch {batch:3d} context {context:5d}: graph core {row['core_graph_ms']:.3f} ms "
                  f"full {row['full_graph_ms']:.3f} ms, eager full {row['full_eager_ms']:.3f} ms, "
                  f"core {row['core_graph_TBps']:.2f} TB/s", flush=True)
            del caches, step, out
            torch.cuda.empty_cache()
    write_json({"device": device_info(), "model": m, "tp": tp, "steps": rows}, args.out)


if __name__ == "__main__":
    main()
