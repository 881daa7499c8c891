# SPDX-License-Identifier: GPL-3.0-or-later
"""Fixed cost per kernel: calibrates `kernel_overhead_us`.

Times a chain of N tiny element-wise kernels (one 1-element add each) issued eagerly, and the same
chain captured in a CUDA graph (how TensorRT-LLM and vLLM replay decode steps); the per-kernel time
is the slope over N. Also a small GEMM chain, whose floor includes the GEMM's ramp-up and drain.
"""
import argparse

import torch

from common import capture, device_info, time_ms, write_json


def chain(n, x, op):
    def run():
        y = x
        for _ in range(n):
            y = op(y)
        return y
    return run


def slope_us(points):
    (n0, t0), (n1, t1) = points[0], points[-1]
    return (t1 - t0) / (n1 - n0) * 1e3


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    x = torch.ones(1, device="cuda")
    w = torch.randn(64, 64, device="cuda", dtype=torch.bfloat16)
    a = torch.randn(64, 64, device="cuda", dtype=torch.bfloat16)
    result = {"device": device_info()}
    for name, op, arg in (("add", lambda y: y + 1, x), ("gemm_64", lambda y: y @ w, a)):
        eager, graph = [], []
        for n in (10, 100, 1000):
            eager.append((n, time_ms(chain(n, arg, op))))
            graph.append((n, time_ms(capture(chain(n, arg, op)).replay)))
        result[name] = {"eager_ms": eager, "graph_ms": graph,
                        "eager_us_per_kernel": slope_us(eager), "graph_us_per_kernel": slope_us(graph)}
    write_json(result, args.out)


if __name__ == "__main__":
    main()
