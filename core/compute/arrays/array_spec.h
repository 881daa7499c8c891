// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/units/quantity.h"

#include <optional>

namespace llmwb {

/// An array count (per chiplet) of "fill": as many as fit the chiplet's area cap.
inline constexpr int kFillArrays = -1;

/// DUET's configurable systolic array (DUET 3.2): rows x cols PEs with two SSM registers each and a
/// column of SFUs. GEMMs run output-stationary; Mamba SSMs run state-stationary, one state update
/// every `ssmCyclesPerUpdate` cycles after a fill of rows + cols cycles. Each array has its own SRAM
/// buffer with a fixed bandwidth. Fields: arrays/array_fields.cpp.
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
  static constexpr const char* kKind = "arrays";
  std::optional<SystolicArraySpec> systolic;
  std::optional<VectorArraySpec> vector;
};

} // namespace llmwb
