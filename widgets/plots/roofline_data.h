// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a roofline plot shows, taken from the engine: ceilings per compute unit and memory level of
// each device group (scaled to the group, as the points are), and one point per operator in each
// phase at the batch the evaluation ran.

#include "core/model/model_spec.h"
#include "core/engine/result.h"
#include "core/study/roofline.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <QString>

#include <optional>
#include <vector>

namespace llmwb::ui {

enum class Phase { Prefill, Decode };
QString phaseName(Phase p); ///< "prefill", "decode"

struct RooflineCeiling {
  QString device;      ///< device name
  int groupSize = 1;   ///< devices working on the phase; the ceiling is scaled by it
  QString name;        ///< compute unit, or memory level with its technology
  bool compute = true; ///< FLOP/s; otherwise a bandwidth in B/s
  int depth = 0;       ///< memory: 0 on-chip, 1 L1, ...
  double value = 0;    ///< FLOP/s or B/s, for the whole group
  std::vector<Phase> phases; ///< phases that run on this device
};

struct RooflineOperator {
  QString device;
  Phase phase = Phase::Prefill;
  int batch = 1;
  QString layer;
  QString name;
  std::optional<OperatorClass> cls;
  double flops = 0;             ///< FLOP per forward pass, whole group
  double bytes = 0;             ///< bytes the operator touches
  double intensity = 0;         ///< FLOP/byte over the bytes touched (DUET Fig. 1)
  double modelledIntensity = 0; ///< FLOP/byte over the modelled off-chip traffic
  double achieved = 0;          ///< FLOP/s over the modelled time
  double attainable = 0;        ///< FLOP/s under the ceilings
  QString bound;                ///< "compute", or "<stream> @ <level>" from the evaluation
};

/// Where and how a phase runs: shown in the plot's heading.
struct RooflinePhase {
  QString device;
  int groupSize = 0; ///< 0: the phase is not shown
  int batch = 0;
};

struct RooflineData {
  QString title;
  RooflinePhase prefill, decode;
  std::vector<RooflineCeiling> ceilings;
  std::vector<RooflineOperator> operators;
  bool empty() const { return operators.empty() && ceilings.empty(); }
};

/// From the engine's roofline (core/study/roofline.h) at the evaluation's prefill and decode
/// batches; bounds are refined with the evaluation's per-operator bound.
RooflineData rooflineData(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationResult& result);
/// The same from a roofline already computed: `batches` picks prefill and decode batches.
RooflineData rooflineData(const Roofline& roofline, const SystemSpec& system, int prefillBatch, int decodeBatch,
                          const EvaluationResult* result = nullptr);

} // namespace llmwb::ui
