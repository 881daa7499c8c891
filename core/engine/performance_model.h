// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine seam. A performance model is one device group (its devices, the model they run, the
// link inside the group) resolved by an engine; it answers for operating points and phases. The
// system-level evaluation (core/engine/evaluate.h), the serving simulator (core/serving/), the
// design-space exploration, the studies, the GUI and the CLI all ask through this interface and
// never reach an engine's internals. Engines are registered by name (engine_registry.h).

#include "core/engine/detail_product.h"
#include "core/engine/phase.h"
#include "core/engine/result.h"
#include "core/engine/roofline_result.h"
#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb::engine {

/// One forward pass: `batch` sequences, each adding `newTokens` tokens to a context of
/// `contextTokens` already cached. A prefill (or a prefill chunk) has newTokens = the prompt (the
/// chunk) and contextTokens = 0 (the tokens already prefilled); a decode step has newTokens = 1.
/// A mixed step (Sarathi-style chunked prefill beside decodes) is expressed with averages over its
/// sequences: newTokens = all new tokens / batch, contextTokens = the token-weighted mean context.
/// Matrix work depends on batch x newTokens only, so it is exact; attention work is approximated
/// through the mean context.
struct OperatingPoint {
  Phase phase = Phase::Decode;
  double batch = 1;
  double newTokens = 1;
  double contextTokens = 0;
  /// Rows of the LM head per sequence: 1 for autoregressive generation, more for diffusion.
  double logitRows = 1;
};

/// One forward pass on the whole group.
struct StepResult {
  OperatingPoint point;
  bool feasible = true;
  std::string reason;
  Seconds time;          ///< the pass, communication included
  Seconds communication; ///< the part of `time` spent in collectives
  EnergyBreakdown energy;
  std::vector<OperatorResult> operators; ///< per operator, whole group (FLOPs and bytes), per-device time
  std::vector<LevelUsage> levels;        ///< per memory level, whole group
};

/// Where the phase's data live and how much memory is left for caches: what a serving simulator
/// needs to admit requests (whole group).
struct MemoryBudget {
  Bytes capacity;          ///< main memory of the group (off-chip levels; on-chip when there are none)
  Bytes weights;           ///< the model's weights at the device's number formats
  Bytes cachePerToken;     ///< KV cache one token adds to a sequence
  Bytes statePerSequence;  ///< fixed recurrent state of a sequence (SSM, linear attention)
  Bytes cacheCapacity() const { return capacity > weights ? capacity - weights : Bytes(); }
};

/// A device group resolved by an engine for one model. Implementations are immutable after
/// construction; every method is const and may be called from several threads at once.
class PerformanceModel {
public:
  virtual ~PerformanceModel() = default;

  /// The registered name of the engine that built this model ("memexplorer", "gpu", ...).
  virtual std::string engine() const = 0;
  /// The device of the group and how many of them work together (tensor parallel).
  virtual const DeviceSpec& device() const = 0;
  virtual int devices() const = 0;

  /// One forward pass at an operating point.
  virtual StepResult step(const OperatingPoint& point) const = 0;

  /// Batch-`batch` prefill of the workload's prompt (diffusion: the first full denoising pass).
  virtual PhaseResult prefill(const Workload& workload, int batch) const = 0;
  /// Generation of the workload's output at `batch` sequences, integrated over the growing
  /// context with `segments` segments.
  virtual PhaseResult decode(const Workload& workload, int batch, int segments) const = 0;
  /// Largest power-of-two batch whose weights and caches fit; 0 when not even the weights fit.
  virtual int maxDecodeBatch(const Workload& workload) const = 0;
  /// Bytes one sequence keeps at `contextTokens` on the whole group.
  virtual Bytes sequenceFootprint(const Workload& workload, double contextTokens) const = 0;
  virtual MemoryBudget memory() const = 0;

  /// Power of the whole group when it does nothing (static share + memory background).
  virtual Watts idlePower() const = 0;
  /// Thermal design power of the whole group.
  virtual Watts peakPower() const = 0;
  /// Compute and memory ceilings of one device, for rooflines (group index left at -1; views scale
  /// them by the group's size as they do the points).
  virtual std::vector<ComputeCeiling> computeCeilings() const = 0;
  virtual std::vector<MemoryCeiling> memoryCeilings() const = 0;
  /// Per device, for the summary card and comparisons.
  virtual DeviceSummary summary() const = 0;
  /// The engine's detail product of `type` (detail_product.h) for this group, or nullptr when it
  /// makes none of that type.
  virtual std::shared_ptr<const DetailProduct> detail(std::string_view type) const {
    (void)type;
    return nullptr;
  }
};

/// One model per device group of a system (index into SystemSpec::groups), shared by the
/// evaluation and the results that keep them.
using GroupModels = std::vector<std::shared_ptr<const PerformanceModel>>;

/// The model's detail product of type T (T::kType), or nullptr.
template <class T>
std::shared_ptr<const T> detailOf(const PerformanceModel& model) {
  return std::dynamic_pointer_cast<const T>(model.detail(T::kType));
}

} // namespace llmwb::engine
