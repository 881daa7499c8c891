// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/analytic/operator_coster.h"
#include "core/engine/snake/snake_schedule.h"

namespace llmwb::snake {

/// What limited an operator, in OperatorCost::boundStream when it is not compute-bound.
enum class CostStream { Memory = 0, Noc = 1, Vector = 2 };

/// The Snake engine's OperatorCoster: every operator on an NMP die (snake, fixed_array, mac_tree).
///  - projections, expert FFNs, LM head: planGemm() per product (the per-operator search);
///  - attention: head-parallel, (request, KV head) pairs round-robin over the PUs, each pair's
///    cache in its PU's channel: max(KV bytes / channel, QK + PV cycles, softmax) + the last head's
///    softmax;
///  - norms, residuals, embeddings: bytes over the die's bandwidth against the vector cores.
/// `devices` is the tensor-parallel group size (expert GEMMs are put back to tensor parallelism).
class SnakeCoster final : public OperatorCoster {
public:
  explicit SnakeCoster(int devices) : mDevices(devices) {}
  Placement place(const DeviceModel& device, const PlacementDemand& demand) const override;
  OperatorCost cost(const Operator& op, const DeviceModel& device, const Placement& placement) const override;
  std::string describeBound(const OperatorCost& cost, const DeviceModel& device) const override;

private:
  int mDevices;
};

/// The NMP die of a device; throws std::invalid_argument naming the device when it has none.
const NmpDie& nmpDie(const DeviceModel& device);

} // namespace llmwb::snake
