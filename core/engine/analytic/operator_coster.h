// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How an analytic engine turns one operator into time and energy. The pass machinery
// (phase_evaluator.h: operators, tensor parallelism, phases) is shared; the costing is not: the
// MemExplorer engine moves every operand along the on-chip -> L1 -> ... chain, an engine whose
// compute sits beside each memory channel does something else. An engine hands its coster to the
// PhaseEvaluator.

#include "core/device/device_model.h"
#include "core/engine/analytic/placement.h"
#include "core/model/operators.h"

#include <array>
#include <string>

namespace llmwb {

/// Most memory levels a coster reports traffic for (on-chip + off-chip levels).
inline constexpr std::size_t kMaxCostLevels = 8;

struct LevelTraffic {
  Bytes read;
  Bytes written;
};

/// What one operator costs on one device. Time is max(compute, every stream's transfer time)
/// for a double-buffered device (MemExplorer 2.2); other costers may combine differently.
struct OperatorCost {
  Seconds time;
  Seconds computeTime;
  Seconds matrixTime;
  Seconds vectorTime; ///< vector-unit work, scans included
  Seconds overheadTime; ///< fixed kernel launch and synchronisation time, included in `time`
  std::array<Seconds, 3> streamTime{};
  bool computeBound = true;
  int boundStream = -1; ///< coster-defined stream when memory-bound
  int boundLevel = -1;  ///< hierarchy level (0 on-chip, 1 = L1, ...) when memory-bound
  bool feasible = true;
  std::string reason;
  Joules computeEnergy; ///< dynamic compute energy
  Joules memoryEnergy;  ///< dynamic memory energy (Eq. 6 per-bit terms), every level
  std::array<LevelTraffic, kMaxCostLevels> traffic{}; ///< per level, on-chip first (levels() of them used)
  Flops flops;
  Bytes offChipBytes; ///< bytes crossing the off-chip interface (roofline denominator)
};

/// Contract (CostMemo relies on it): cost() depends on the device, the operator's work (class,
/// products, vector and scan work, operands) and the placement's on-chip share of each kind of data
/// the operator has (activationShare, weightsOnChip, cacheOnChip) and offChipFraction; never on the
/// operator's name, layer or repeat count.
class OperatorCoster {
public:
  virtual ~OperatorCoster() = default;
  /// Where a pass keeps its data, given what it needs.
  virtual Placement place(const DeviceModel& device, const PlacementDemand& demand) const = 0;
  virtual OperatorCost cost(const Operator& op, const DeviceModel& device, const Placement& placement) const = 0;
  /// cost() where an infeasible operator's reason may be left empty: a pass reports only its first
  /// infeasible operator and asks cost() again for that one.
  virtual OperatorCost costUnexplained(const Operator& op, const DeviceModel& device, const Placement& placement) const {
    return cost(op, device, placement);
  }
  /// "compute", or what limited a memory-bound operator ("matrix reads @ L1 (HBM3E x4)"). Depends
  /// only on the cost's computeBound, boundStream and boundLevel: summaries describe each such
  /// triple once.
  virtual std::string describeBound(const OperatorCost& cost, const DeviceModel& device) const = 0;
};

} // namespace llmwb
