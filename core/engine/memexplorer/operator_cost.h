// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/analytic/operator_coster.h"
#include "core/memory/transfer_model.h"

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

/// `explain` false leaves an infeasible operator's reason empty (everything else is the same).
OperatorCost costOperator(const Operator& op, const DeviceModel& device, const Placement& placement, bool explain = true);

/// The MemExplorer coster: storage-priority placement (placement.h) and costOperator() over the
/// device's hierarchy chain.
class ChainCoster final : public OperatorCoster {
public:
  Placement place(const DeviceModel& device, const PlacementDemand& demand) const override;
  OperatorCost cost(const Operator& op, const DeviceModel& device, const Placement& placement) const override;
  OperatorCost costUnexplained(const Operator& op, const DeviceModel& device, const Placement& placement) const override;
  std::string describeBound(const OperatorCost& cost, const DeviceModel& device) const override;
};

} // namespace llmwb
