# SPDX-License-Identifier: GPL-3.0-or-later
"""HBM streaming: read (a reduction), write (a fill) and copy bandwidth over buffer sizes from
L2-resident to many GB: calibrates the `dma` fractions of the GPU presets (sustained / peak).
"""
import argparse

import torch

from common import device_info, time_ms, write_json


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--peak-GBps", type=float, required=True, help="datasheet HBM bandwidth, GB/s")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    rows = []
    for mib in (8, 32, 128, 512, 2048, 8192):
        n = mib << 20
        x = torch.empty(n // 2, device="cuda", dtype=torch.bfloat16).normal_()
        y = torch.empty_like(x)
        for kind, fn, moved in (("read", lambda: x.sum(dtype=torch.float32), n), ("write", lambda: y.fill_(1.0), n),
                                ("copy", lambda: y.copy_(x), 2 * n)):
            ms = time_ms(fn)
            gbps = moved / ms / 1e6
            rows.append({"kind": kind, "MiB": mib, "ms": ms, "GBps": gbps, "fraction_of_peak": gbps / args.peak_GBps})
        del x, y
    write_json({"device": device_info(), "peak_GBps": args.peak_GBps, "stream": rows}, args.out)


if __name__ == "__main__":
    main()
