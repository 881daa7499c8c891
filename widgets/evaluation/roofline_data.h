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
  QString device;      ///< device name (display)
  int group = -1;      ///< index into SystemSpec::groups
  int groupSize = 1;   ///< devices working on the phase; the ceiling is scaled by it
  QString name;        ///< compute unit, or memory level with its technology
  bool compute = true; ///< FLOP/s; otherwise a bandwidth in B/s
  int depth = 0;       ///< memory: 0 on-chip, 1 L1, ...
  double value = 0;    ///< FLOP/s or B/s, for the whole group
  std::vector<Phase> phases; ///< phases that run on this device
};

struct RooflineOperator {
  QString device; ///< display
  int group = -1; ///< index into SystemSpec::groups
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
  /// A phase the engine placed no operator of on the roofline, and why ("not modelled by the toy
  /// engine: …"): the plot says it where the points would be.
  std::vector<std::pair<Phase, QString>> notes;
  bool empty() const { return operators.empty() && ceilings.empty(); }
};

/// What the views show: the roofline the engine put into the result (EvaluationOptions::roofline),
/// at the evaluated prefill and decode batches, with the evaluation's per-operator bounds. Groups
/// are found by index (`group`, SystemSpec::groups), memory levels by `depth`: no second engine
/// run, no names matched.
RooflineData rooflineData(const SystemSpec& system, const EvaluationResult& result);
/// The same for a result evaluated without the roofline (scripts, tests): the engine's roofline is
/// computed here (core/study/roofline.h) when the result has none.
RooflineData rooflineData(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                          const EvaluationResult& result);
/// From a roofline already computed: the points at `prefillBatch` and `decodeBatch`.
RooflineData rooflineData(const Roofline& roofline, const SystemSpec& system, int prefillBatch, int decodeBatch,
                          const EvaluationResult* result = nullptr);

} // namespace llmwb::ui
