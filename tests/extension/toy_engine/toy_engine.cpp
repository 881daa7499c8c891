// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/extension/toy_engine/toy_engine.h"

#include <algorithm>

namespace llmwb::test {

namespace {
/// The toy's own system-level settings: a block `toy` in the system preset, declared here alone.
struct ToySettings {
  int maxBatch = 0; ///< the largest decode batch the toy admits (0: what fits)
};

const params::ParamTable<ToySettings>& toySettingsFields() {
  using S = ToySettings;
  static const params::ParamTable<S> table(
      "toy", {params::integer<S>("max_batch", &S::maxBatch).withLabel("Toy batch cap").withUnit("sequences").withRange(0, 65536)
                  .withDoc("the largest decode batch the toy admits; 0: as many as fit")});
  return table;
}

/// The roofline engine's answers, under the toy's name, without the rows it does not model.
class ToyModel final : public engine::PerformanceModel {
public:
  explicit ToyModel(const engine::EngineContext& context) : mInner(engine::engines().get("roofline").factory(context)) {
    if (const auto* s = context.settings ? context.settings->find<ToySettings>("toy") : nullptr) mMaxBatch = s->maxBatch;
  }

  std::string engine() const override { return "toy"; }
  const DeviceSpec& device() const override { return mInner->device(); }
  int devices() const override { return mInner->devices(); }
  engine::StepResult step(const engine::OperatingPoint& point) const override {
    auto r = mInner->step(point);
    r.operators.clear();
    r.levels.clear();
    return r;
  }
  PhaseResult prefill(const Workload& workload, int batch) const override { return stripped(mInner->prefill(workload, batch)); }
  PhaseResult decode(const Workload& workload, int batch, int segments) const override {
    return stripped(mInner->decode(workload, batch, segments));
  }
  int maxDecodeBatch(const Workload& workload) const override {
    const int fits = mInner->maxDecodeBatch(workload);
    return mMaxBatch > 0 ? std::min(fits, mMaxBatch) : fits;
  }
  Bytes sequenceFootprint(const Workload& workload, double contextTokens) const override {
    return mInner->sequenceFootprint(workload, contextTokens);
  }
  engine::MemoryBudget memory() const override { return mInner->memory(); }
  Watts idlePower() const override { return mInner->idlePower(); }
  Watts peakPower() const override { return mInner->peakPower(); }
  std::vector<ComputeCeiling> computeCeilings() const override { return mInner->computeCeilings(); }
  std::vector<MemoryCeiling> memoryCeilings() const override { return mInner->memoryCeilings(); }
  DeviceSummary summary() const override {
    auto s = mInner->summary();
    s.engine = "toy";
    return s;
  }

private:
  static PhaseResult stripped(PhaseResult p) {
    p.operators.clear();
    p.levels.clear();
    return p;
  }
  std::unique_ptr<engine::PerformanceModel> mInner;
  int mMaxBatch = 0;
};
} // namespace

engine::EngineKind toyEngine() {
  return {.name = "toy",
          .description = "a test's engine: the roofline's times under another name, no operator rows or memory traffic",
          .everyComputeKind = true,
          .defaultScheduler = "chunked",
          .ignores = {{"dma", "the toy streams every operand at the level's peak"}},
          .unmodelled = {{engine::ResultAspect::OperatorRows, "a toy reports phase totals only"},
                         {engine::ResultAspect::MemoryTraffic, "a toy reports phase totals only"}},
          .settings = {engine::settingsBlock<ToySettings>("toy", "Toy engine", toySettingsFields)},
          .factory = [](const engine::EngineContext& context) -> std::unique_ptr<engine::PerformanceModel> {
            return std::make_unique<ToyModel>(context);
          }};
}

} // namespace llmwb::test
