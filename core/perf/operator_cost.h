// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/transfer_model.h"
#include "core/model/operators.h"
#include "core/perf/device_model.h"
#include "core/perf/placement.h"

#include <array>
#include <string>
#include <vector>

namespace llmwb {

/// The three DMA streams of a PLENA-style device: matrix operands (weights, KV cache), vector
/// operands (activations) and write-back. The bandwidth priority splits off-chip bandwidth
/// between the matrix stream and the other two.
enum class Stream { MatrixRead = 0, VectorRead = 1, Write = 2 };
inline constexpr int kStreamCount = 3;
/// Most operands one operator may have.
inline constexpr std::size_t kMaxOperands = 8;
std::string_view toString(Stream s);

struct LevelTraffic {
  Bytes read;
  Bytes written;
};

/// What one operator costs on one device. Time is max(compute, every stream's transfer time):
/// double buffering overlaps transfers with compute (MemExplorer 2.2).
struct OperatorCost {
  Seconds time;
  Seconds computeTime;
  Seconds matrixTime;
  Seconds vectorTime; ///< vector-unit work, scans included
  std::array<Seconds, kStreamCount> streamTime{};
  bool computeBound = true;
  int boundStream = -1; ///< Stream when memory-bound
  int boundLevel = -1;  ///< hierarchy level (0 on-chip, 1 = L1, ...) when memory-bound
  bool feasible = true;
  std::string reason;
  Joules computeEnergy; ///< dynamic compute energy
  Joules memoryEnergy;  ///< dynamic memory energy (Eq. 6 per-bit terms), every level
  std::array<LevelTraffic, kMaxChainLevels> traffic{}; ///< per level, on-chip first (levels() of them used)
  Flops flops;
  Bytes offChipBytes; ///< bytes crossing the off-chip interface (roofline denominator)
};

/// How often each operand is read (and outputs written) under the device's dataflow.
/// The array holds one stationary tile (compute tiling): under WS the weights (B) are fetched once
/// and the inputs (A) once per column tile; under IS the inputs once and the weights once per
/// row tile, with partial sums written and re-read per reduction tile; under OS the outputs stay,
/// the weights are fetched once per row tile and a row buffer keeps the input rows.
struct OperandTraffic {
  double reads = 1.0;
  double writes = 0.0;
};
OperandTraffic operandTraffic(const Operand& operand, const Operator& op, Dataflow dataflow, const GemmTiling& tile);

OperatorCost costOperator(const Operator& op, const DeviceModel& device, const Placement& placement);

} // namespace llmwb
