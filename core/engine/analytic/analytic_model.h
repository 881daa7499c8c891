// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/analytic/phase_evaluator.h"
#include "core/engine/engine_registry.h"

#include <functional>
#include <memory>
#include <string>

namespace llmwb::engine {

/// A PerformanceModel over the shared pass machinery (PhaseEvaluator) with an engine's own
/// OperatorCoster. The MemExplorer and GPU engines are this class with their coster and name.
class AnalyticModel final : public PerformanceModel {
public:
  /// An engine's detail products, made on request for this group (empty: none).
  using Details = std::function<std::shared_ptr<const DetailProduct>(std::string_view type)>;
  AnalyticModel(std::string engine, const EngineContext& context, std::shared_ptr<const OperatorCoster> coster,
                Details details = {});

  std::string engine() const override { return mEngine; }
  const DeviceSpec& device() const override { return mEvaluator.device().spec(); }
  int devices() const override { return mEvaluator.devices(); }
  StepResult step(const OperatingPoint& point) const override;
  PhaseResult prefill(const Workload& workload, int batch) const override;
  PhaseResult decode(const Workload& workload, int batch, int segments) const override;
  int maxDecodeBatch(const Workload& workload) const override;
  Bytes sequenceFootprint(const Workload& workload, double contextTokens) const override;
  MemoryBudget memory() const override;
  Watts idlePower() const override;
  Watts peakPower() const override;
  std::vector<ComputeCeiling> computeCeilings() const override;
  std::vector<MemoryCeiling> memoryCeilings() const override;
  DeviceSummary summary() const override;
  std::shared_ptr<const DetailProduct> detail(std::string_view type) const override {
    return mDetails ? mDetails(type) : nullptr;
  }

  const PhaseEvaluator& evaluator() const { return mEvaluator; }

private:
  std::string mEngine;
  DeviceRole mRole;
  bool mDescriptive;
  PhaseEvaluator mEvaluator;
  Details mDetails;
};

} // namespace llmwb::engine
