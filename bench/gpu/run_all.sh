#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every GPU calibration microbenchmark on GPU 0 and writes bench/gpu/results/NAME-*.json.
#   bench/gpu/run_all.sh h100 989.4 1979 3350     # name, dense BF16 and FP8 TFLOP/s, HBM GB/s
set -eu
name=$1 bf16=$2 fp8=$3 hbm=$4
here=$(dirname "$0")
out=${OUT_DIR:-$here/results}
mkdir -p "$out"
cd "$here"
python3 kernel_overhead.py --out "$out/$name-kernel-overhead.json"
python3 hbm_stream.py --peak-GBps "$hbm" --out "$out/$name-hbm-stream.json"
python3 attention.py --out "$out/$name-attention.json"
python3 gemm_efficiency.py --peak-bf16 "$bf16" --peak-fp8 "$fp8" --out "$out/$name-gemm.json"
echo "results in $out"
