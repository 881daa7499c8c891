#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One call on a lent H100 (bench/gpu/README.md; name the kind, or the call may land on an H200 and
# the files be misnamed): the decode-step and prefill checks, then the calibration
# microbenchmarks, each under its own time limit so that one failure leaves the others' results.
#   sh bench/gpu/device_check.sh OUT_DIR
set -u
out=$(realpath -m "${1:-bench/gpu/results}")
mkdir -p "$out"
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,power.limit,memory.total,driver_version --format=csv  # eight files at most come back
python3 -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(0))"
timeout 150 python3 decode_step.py --out "$out/h100-decode-step.json" || echo "decode_step.py failed or timed out"
timeout 150 python3 decode_step.py --tp 4 --batches 4 --contexts 90000 --out "$out/h100-decode-step-tp4-osworld.json" || echo "decode_step.py (TP 4) failed"
timeout 150 python3 prefill_layer.py --tp 4 --out "$out/h100-prefill-layer-tp4.json" || echo "prefill_layer.py failed"
timeout 60 python3 l2_stream.py --out "$out/h100-l2-stream.json" || echo "l2_stream.py failed"
timeout 60 python3 kernel_overhead.py --out "$out/h100-kernel-overhead.json" || echo "kernel_overhead.py failed"
timeout 60 python3 hbm_stream.py --peak-GBps 3350 --out "$out/h100-hbm-stream.json" || echo "hbm_stream.py failed"
timeout 90 python3 attention.py --out "$out/h100-attention.json" || echo "attention.py failed"
timeout 200 python3 gemm_efficiency.py --peak-bf16 989.4 --peak-fp8 1979 --out "$out/h100-gemm.json" || echo "gemm_efficiency.py failed"
ls -la "$out"
