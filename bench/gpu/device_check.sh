#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One call on a lent GPU (bench/gpu/README.md; name the device kind, or a call may land on another
# GPU than NAME says): the decode-step and prefill checks, then the calibration microbenchmarks,
# each under its own time limit so that one failure leaves the others' results.
#   sh bench/gpu/device_check.sh OUT_DIR [NAME [BF16_TFLOPS FP8_TFLOPS HBM_GBps]]   (default h100 989.4 1979 3350)
set -u
out=$(realpath -m "${1:-bench/gpu/results}")
name=${2:-h100} bf16=${3:-989.4} fp8=${4:-1979} hbm=${5:-3350}
mkdir -p "$out"
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,power.limit,memory.total,driver_version --format=csv  # eight files at most come back
python3 -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(0))"
timeout 150 python3 decode_step.py --out "$out/$name-decode-step.json" || echo "decode_step.py failed or timed out"
timeout 150 python3 decode_step.py --tp 4 --batches 4 --contexts 90000 --out "$out/$name-decode-step-tp4-osworld.json" || echo "decode_step.py (TP 4) failed"
timeout 150 python3 prefill_layer.py --tp 4 --out "$out/$name-prefill-layer-tp4.json" || echo "prefill_layer.py failed"
timeout 60 python3 l2_stream.py --out "$out/$name-l2-stream.json" || echo "l2_stream.py failed"
timeout 60 python3 kernel_overhead.py --out "$out/$name-kernel-overhead.json" || echo "kernel_overhead.py failed"
timeout 60 python3 hbm_stream.py --peak-GBps "$hbm" --out "$out/$name-hbm-stream.json" || echo "hbm_stream.py failed"
timeout 90 python3 attention.py --out "$out/$name-attention.json" || echo "attention.py failed"
timeout 200 python3 gemm_efficiency.py --peak-bf16 "$bf16" --peak-fp8 "$fp8" --out "$out/$name-gemm.json" || echo "gemm_efficiency.py failed"
ls -la "$out"
