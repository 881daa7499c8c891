// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// MemExplorer 5.5's prefill split by layer kind ("towards extreme heterogeneity") as one
// performance model: two prefill groups, one running the token mixers (attention, linear
// attention, Mamba-2) with the embedding, the other the FFN (MLP, MoE) with the final norm and the
// LM head. Each group runs the whole pass and keeps its part's operators (their share of its time
// and of its dynamic energy); the parts run one after the other, the activations crossing the link
// between the groups at every change of part; both groups' static power runs for the whole pass.
// evaluate() (core/engine/heterogeneous.h) and the serving simulator's prefill pool compose a
// split prefill through this one class.

#include "core/engine/performance_model.h"

#include <array>

namespace llmwb::engine {

/// The part of the prefill an operator belongs to when the prefill is split by layer kind: the
/// token mixers (attention, linear attention, Mamba-2) and the embedding with them, the FFN (MLP,
/// MoE) and the final norm and LM head with it.
LayerSelection prefillPart(const ModelSpec& model, const OperatorResult& op);

/// One part's own account of a split prefill pass.
struct SplitPart {
  Seconds time;          ///< its operators' share of its group's pass
  Joules dynamicEnergy;  ///< their share of its group's compute, memory and collective energy
  Watts idlePower;       ///< its group's static power
};

class SplitPrefillModel final : public PerformanceModel {
public:
  /// `attention` and `ffn` (the two prefill groups' models) and `model` must outlive this object;
  /// `link` joins the groups.
  SplitPrefillModel(const PerformanceModel& attention, const PerformanceModel& ffn, const ModelSpec& model, LinkSpec link);

  std::string engine() const override { return mAttention.engine(); }
  const DeviceSpec& device() const override { return mAttention.device(); }
  int devices() const override { return mAttention.devices(); }
  /// The pass at `point`: time, collectives and energy composed as above, each group's own part's
  /// operators; no per-level traffic (a group's is not split by part).
  StepResult step(const OperatingPoint& point) const override;
  PhaseResult prefill(const Workload& workload, int batch) const override;
  /// As prefill(), with the attention part's and the FFN part's own accounts.
  PhaseResult prefill(const Workload& workload, int batch, std::array<SplitPart, 2>& parts) const;
  /// A split prefill does not decode: infeasible, with the reason.
  PhaseResult decode(const Workload& workload, int batch, int segments) const override;
  int maxDecodeBatch(const Workload& workload) const override { return mAttention.maxDecodeBatch(workload); }
  /// The cache stays with the token mixers: the attention group's.
  Bytes sequenceFootprint(const Workload& workload, double contextTokens) const override {
    return mAttention.sequenceFootprint(workload, contextTokens);
  }
  MemoryBudget memory() const override { return mAttention.memory(); }
  Watts idlePower() const override { return mAttention.idlePower() + mFfn.idlePower(); }
  Watts peakPower() const override { return mAttention.peakPower() + mFfn.peakPower(); }
  std::vector<ComputeCeiling> computeCeilings() const override { return mAttention.computeCeilings(); }
  std::vector<MemoryCeiling> memoryCeilings() const override { return mAttention.memoryCeilings(); }
  DeviceSummary summary() const override { return mAttention.summary(); }

private:
  /// Bytes of activations that cross the link at one change of part for `tokens` tokens.
  Bytes crossing(double tokens) const;

  const PerformanceModel& mAttention;
  const PerformanceModel& mFfn;
  const ModelSpec& mModel;
  LinkSpec mLink;
  int mChanges = 0; ///< changes of part in one pass
};

} // namespace llmwb::engine
