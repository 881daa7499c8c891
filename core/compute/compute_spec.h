// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_unit.h"

#include <map>
#include <memory>
#include <optional>
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
/// element-wise work, and the fraction of the peak a well-tuned kernel reaches. When the tensor-core
/// geometry is given (cores x an m x n x k MMA per cycle at `frequency`), it sets the 16-bit peak
/// (DUET Table 3 models B200 as 640 cores of 8 x 8 x 16 at 1.8 GHz).
struct GpuComputeSpec {
  int tensorCores = 0;          ///< 0: use tensorPeak16 as given
  int mmaM = 8, mmaN = 8, mmaK = 16;
  Hertz frequency = units::gigahertz(1.8);
  FlopsPerSecond tensorPeak16; ///< dense FP16/BF16
  FlopsPerSecond tensorPeak8;  ///< dense FP8 or INT8 (0: falls back to 16-bit)
  FlopsPerSecond tensorPeak4;  ///< dense FP4 (0: falls back to 8-bit)
  FlopsPerSecond vectorPeak;   ///< FP32 CUDA-core FLOP/s
  double matmulEfficiency = 0.7; ///< achieved / peak on large GEMMs (assumption)
  GemmTiling tile{1024, 1024, 64, 1024}; ///< L2-resident super-tile that sets DRAM re-reads (assumption)
};

/// DUET's configurable systolic array (DUET 3.2): rows x cols PEs with two SSM registers each and a
/// column of SFUs. GEMMs run output-stationary; Mamba SSMs run state-stationary, one state update
/// every `ssmCyclesPerUpdate` cycles after a fill of rows + cols cycles. Each array has its own SRAM
/// buffer with a fixed bandwidth.
struct SystolicArraySpec {
  int rows = 64;
  int cols = 32;
  int arrays = 1;                     ///< arrays in the device
  Hertz frequency = units::megahertz(700);
  BytesPerSecond sramBandwidth = units::gigabytesPerSecond(256); ///< per array (DUET 4.2)
  Bytes sram = units::mebibytes(1);   ///< per array (DUET 4.5)
  double ssmCyclesPerUpdate = 3;      ///< DUET 3.2: "one SSM update every three cycles"
  int sfus() const { return rows; }   ///< one SFU per row, in a column beside the array
};

/// DUET's vector-unit array (DUET 3.3): rows x cols vector units, each `width` lanes wide with a
/// MAC + log-depth reduction datapath and a local buffer for the input vector; a row of SFUs.
/// GEMV: the input vector stays in the local buffer while the matrix streams from SRAM. A state
/// wider than one unit (N > width) is split over N / width units joined by a scalar MAC chain.
struct VectorArraySpec {
  int width = 32;
  int rows = 16;
  int cols = 8;
  int arrays = 1;
  Hertz frequency = units::megahertz(700);
  BytesPerSecond sramBandwidth = units::gigabytesPerSecond(1024); ///< per array (DUET 4.2)
  Bytes sram = units::mebibytes(1);
  /// Input vectors a unit's local buffer keeps while a weight column streams past: the reuse a
  /// GEMM gets from one SRAM read. DUET 3.3 names two input registers (assumption: 2).
  int bufferedInputs = 2;
  int units() const { return rows * cols; }
  int lanes() const { return rows * cols * width; }
  int sfus() const { return cols * width; } ///< one SFU per lane of a row
};

/// Compute made of DUET arrays: systolic, vector-unit or both kinds on the same chiplets (the
/// prefill- and decode-friendly aggregated systems of DUET 4.3). Work is shared between the kinds
/// in proportion to how fast each runs it.
struct ArrayComputeSpec {
  std::optional<SystolicArraySpec> systolic;
  std::optional<VectorArraySpec> vector;
};

using ComputeSpec = std::variant<PlenaComputeSpec, GpuComputeSpec, ArrayComputeSpec>;

std::unique_ptr<ComputeUnit> makeComputeUnit(const ComputeSpec& spec);
/// "plena", "gpu" or "arrays": the `type` key of a compute block in presets.
std::string computeTypeName(const ComputeSpec& spec);
/// The engine (core/engine/engine_registry.h) that models this kind of compute unless the device
/// or system names one: "gpu" for GPUs, "memexplorer" otherwise.
std::string defaultEngine(const ComputeSpec& spec);

} // namespace llmwb
