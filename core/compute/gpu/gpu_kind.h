// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/gpu/gpu_spec.h"

namespace llmwb {

/// "gpu": tensor cores and CUDA cores from datasheet peaks (or the tensor-core geometry).
std::unique_ptr<ComputeKind> makeGpuKind();

} // namespace llmwb
