// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the NpuSim chip view shows, from the project's request: the chip's pools and TP groups
// laid out on the mesh (core/engine/npusim/chip_map.h) and the link load of one traffic (a
// projection's collective, the activations between stages, or the KV hand-over from the prefill
// pool to the decode pool) in one phase. Cheap (a few hundred cores): built on the UI thread.

#include "core/compute/npusim/npusim_spec.h"
#include "core/engine/npusim/chip_map.h"
#include "core/engine/performance_model.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace llmwb {
struct SystemSpec;
}

namespace llmwb::ui {

struct EvaluationRequest;

enum class NpusimPhase { Prefill, Decode };

/// A traffic the view can show: "op:<operator name>", "stages" or "kv".
struct NpusimTraffic {
  QString id;
  QString label;
};

struct NpusimChipData {
  QString system;  ///< the system's display name
  QString problem; ///< non-empty: why nothing (or not everything) is shown
  engine::npusim::ChipMap map;
  ParallelismSpec parallelism;
  NpusimComputeSpec core;
  std::vector<NpusimTraffic> traffics; ///< the choices for this project
  QString traffic;                     ///< the chosen traffic's id
  QString trafficLabel;
  NpusimPhase phase = NpusimPhase::Prefill;
  double tokens = 0; ///< M of the GEMMs: prompt tokens (prefill) or the decode batch
  std::vector<engine::npusim::LinkLoad> loads;
  /// Each pool's KV state as its model placed it (ChipDetail::kv): the tightest stage's context
  /// in SRAM and in core-local HBM, in tokens.
  struct PoolKv {
    DeviceRole role = DeviceRole::Both;
    long long sramTokens = 0, hbmTokens = 0;
  };
  std::vector<PoolKv> kv;

  bool empty() const { return map.cores.empty(); }
  double maxLinkBytes() const;
  double totalLinkBytes() const; ///< bytes x links
  /// "8 x 8 mesh, prefill pool 42 cores (6 pipelines of TP 1 x PP 7), ..."
  QString summary() const;
};

/// "TTFT 772.709 ms → 772.710 ms (+54 ns, +0.00001 %) · TBT ...": how a placement changed the
/// design's latencies (before -> after); says when either result does not fit.
QString latencyChange(const EvaluationResult& before, const EvaluationResult& after);

/// The group slots after moving `group` to `slot` (chip_map.h movedGroupSlots), empty when that is
/// the default order (so that moving everything back restores the system as it was).
std::vector<int> groupSlotsAfterMove(const engine::npusim::ChipMap& map, int group, int slot);

/// The chip of the request's system in `phase` with `traffic` (an id of `traffics`; empty or
/// unknown: the first projection), from the chip mapping each group's model made (the npusim
/// engine's detail product, engine::npusim::ChipDetail); `models` are the results' (one per group).
/// Never throws: problems go to `problem`.
NpusimChipData npusimChipData(const EvaluationRequest& request, const engine::GroupModels& models, NpusimPhase phase,
                              const QString& traffic = {});
/// The same with the request's models built through the engine seam (tests, headless export).
NpusimChipData npusimChipData(const EvaluationRequest& request, NpusimPhase phase, const QString& traffic = {});

} // namespace llmwb::ui
