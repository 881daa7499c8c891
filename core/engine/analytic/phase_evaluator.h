// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/model_spec.h"
#include "core/device/device_model.h"
#include "core/engine/analytic/cost_memo.h"
#include "core/engine/analytic/operator_coster.h"
#include "core/engine/analytic/pass_operators.h"
#include "core/engine/result.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <memory>

namespace llmwb {

/// The cost of one forward pass on a tensor-parallel group (per device; the group's devices run
/// in lock-step).
struct PassCost {
  Seconds time;
  Joules dynamicEnergy; ///< per device
  Joules computeEnergy, memoryEnergy, communicationEnergy; ///< per device, the parts of dynamicEnergy
  bool feasible = true;
  std::string reason; ///< see PhaseEvaluator::reason()
  /// The first infeasible operator, whose reason is written only when asked for (reason()).
  std::size_t unexplained = std::size_t(-1);
  Placement placement;
  std::shared_ptr<const PassOperators> ops; ///< shared between passes of equal shape
  std::vector<OperatorCost> costs;  ///< aligned with operators(); per layer instance
  std::vector<LevelTraffic> traffic; ///< per device, per level, whole pass
  Seconds communication;

  const std::vector<Operator>& operators() const { return ops->perDevice(); } ///< per device, sharded
};

/// Evaluates phases of a model on a device group (role-independent): builds each pass's operators,
/// shards them over the group (tensor parallelism, ring all-reduce over the group link), asks the
/// engine's OperatorCoster for every operator, and integrates passes into phases. Shared by the
/// analytic engines; only the coster differs between them.
class PhaseEvaluator {
public:
  PhaseEvaluator(const DeviceGroup& group, const LinkSpec& groupLink, const ModelSpec& model,
                 std::shared_ptr<const OperatorCoster> coster);

  /// A prefill group that hands every layer's cache to a decode group while it works (DUET 3.1)
  /// keeps only a few layers of cache at a time instead of the whole batch's.
  void setStreamsCacheOut(bool streams) { mStreamsCacheOut = streams; }
  /// Without descriptions, phase results leave operator bounds and level technologies as empty
  /// text (EvaluationOptions::descriptions); every number is the same.
  void setDescriptive(bool descriptive) { mDescriptive = descriptive; }

  const DeviceModel& device() const { return mDevice; }
  int devices() const { return mCount; }
  const OperatorCoster& coster() const { return *mCoster; }
  Bytes weights() const { return mWeights; }
  Bytes cachePerToken() const { return mCachePerToken; }
  Bytes statePerSequence() const { return mStatePerSequence; }

  /// One pass; `memo` shares the costs of equal operators between the passes of a phase (one
  /// pass alone shares them within itself).
  PassCost costPass(const PassShape& pass, CostMemo* memo = nullptr) const;
  /// Why a pass is infeasible: the placement's reason, or its first infeasible operator's.
  std::string reason(const PassCost& pass) const;
  /// One pass summarised for the whole group: time, energy by component, operators, levels.
  PhaseResult summarisePass(const PassCost& pass, double tokens, int batch) const;

  /// Batch-`batch` prefill of the workload's prompt (diffusion: the first full denoising pass).
  PhaseResult prefill(const Workload& workload, int batch) const;
  /// Generation of the workload's output at `batch` sequences, integrated over the growing
  /// context with `segments` segments (midpoint rule on each).
  PhaseResult decode(const Workload& workload, int batch, int segments) const;
  /// Largest power-of-two batch whose weights and caches fit the memory levels (off-chip levels;
  /// on-chip memory holds activations and staging buffers). 0 when not even the weights fit.
  int maxDecodeBatch(const Workload& workload) const;
  /// Bytes one sequence keeps at `contextTokens` on the whole group.
  Bytes sequenceFootprint(const Workload& workload, double contextTokens) const;

private:
  /// KV cache and recurrent state of one sequence at `contextTokens` (whole group).
  Bytes cacheBytes(double contextTokens) const;
  PhaseResult summarise(const std::vector<std::pair<PassCost, double>>& passes, double tokens, int batch) const;

  DeviceModel mDevice;
  int mCount;
  LinkSpec mLink;
  const ModelSpec& mModel;
  std::shared_ptr<const OperatorCoster> mCoster;
  Bytes mWeights;             ///< the whole model's weights at the device's format
  Bytes mCachePerToken;       ///< cache bytes one token adds to a sequence
  Bytes mStatePerSequence;    ///< fixed recurrent state of a sequence
  bool mStreamsCacheOut = false;
  bool mDescriptive = true;
};

} // namespace llmwb
