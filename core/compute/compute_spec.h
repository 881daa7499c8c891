// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_unit.h"

#include <map>
#include <memory>
#include <string>
#include <variant>

namespace llmwb {

/// PLENA-style NPU core (Wu et al., ISCA'26): a flattened MLEN x BLEN matrix engine (MemExplorer
/// Table 6 "PE Array 2048x128" is MLEN x BLEN) and a VLEN-lane vector unit, both at `frequency`.
struct PlenaComputeSpec {
  int mlen = 2048;
  int blen = 128;
  int vlen = 2048;
  Hertz frequency = units::gigahertz(1.0); // 1 GHz in every PLENA analytic model
};

/// A GPU as a compute unit: datasheet tensor peaks per operand width, the CUDA-core rate for
/// element-wise work, and the fraction of the peak a well-tuned kernel reaches.
struct GpuComputeSpec {
  FlopsPerSecond tensorPeak16; ///< dense FP16/BF16
  FlopsPerSecond tensorPeak8;  ///< dense FP8 or INT8 (0: falls back to 16-bit)
  FlopsPerSecond tensorPeak4;  ///< dense FP4 (0: falls back to 8-bit)
  FlopsPerSecond vectorPeak;   ///< FP32 CUDA-core FLOP/s
  double matmulEfficiency = 0.7; ///< achieved / peak on large GEMMs (assumption)
  GemmTiling tile{1024, 1024, 64, 1024}; ///< L2-resident super-tile that sets DRAM re-reads (assumption)
};

using ComputeSpec = std::variant<PlenaComputeSpec, GpuComputeSpec>;

std::unique_ptr<ComputeUnit> makeComputeUnit(const ComputeSpec& spec);
/// "plena" or "gpu": the `type` key of a compute block in presets.
std::string computeTypeName(const ComputeSpec& spec);

} // namespace llmwb
