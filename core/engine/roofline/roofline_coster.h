// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/analytic/operator_coster.h"

namespace llmwb {

/// The roofline engine's coster (roofline_engine.h): the chain's placement (ChainCoster) and
/// per-bit energies, compulsory traffic (every operand once), and time max(matrix work at the
/// matrix peak, vector work at the vector peak, every off-chip level's traffic at its peak
/// bandwidth). A device without off-chip memory is bound by its on-chip level.
class RooflineCoster final : public OperatorCoster {
public:
  Placement place(const DeviceModel& device, const PlacementDemand& demand) const override;
  OperatorCost cost(const Operator& op, const DeviceModel& device, const Placement& placement) const override;
  OperatorCost costUnexplained(const Operator& op, const DeviceModel& device, const Placement& placement) const override;
  std::string describeBound(const OperatorCost& cost, const DeviceModel& device) const override;
};

/// One operator on the roofline; `explain` false leaves an infeasible operator's reason empty.
OperatorCost rooflineCost(const Operator& op, const DeviceModel& device, const Placement& placement, bool explain = true);

} // namespace llmwb
