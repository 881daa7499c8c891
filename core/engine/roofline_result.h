// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Roofline coordinates as the engine reports them: ceilings per compute unit and memory level of a
// device group, and one point per operator (or layer type) of a pass. Results carry indices
// (`group` into SystemSpec::groups, `depth` of a memory level) beside the display names, so views
// never parse names.

#include "core/engine/phase.h"
#include "core/model/operators.h"
#include "core/units/quantity.h"

#include <optional>
#include <string>
#include <vector>

namespace llmwb {

struct ComputeCeiling {
  std::string device;
  std::string unit;
  FlopsPerSecond peak; ///< per device
  int group = -1;      ///< index into SystemSpec::groups
};

struct MemoryCeiling {
  std::string device;
  std::string level;      ///< "on-chip", "L1", ...
  std::string technology;
  BytesPerSecond bandwidth; ///< per device
  int group = -1;
  int depth = 0;          ///< 0 on-chip, 1 = L1, ...
};

/// One operator, or one layer type (all its operators), in one phase at one batch size.
/// Intensity is FLOPs over the data the operator touches (weights, activations, cache): the
/// algorithmic roofline of DUET Fig. 1. `modelledIntensity` uses the off-chip traffic the engine
/// computes under the device's dataflow and placement instead.
struct RooflinePoint {
  std::string device;
  std::string phase; ///< "prefill" or "decode"
  engine::Phase phaseKind = engine::Phase::Prefill;
  int group = -1;    ///< index into SystemSpec::groups
  int batch = 1;
  std::string layer; ///< layer type name, or "model"
  std::string name;  ///< operator name, or the layer type for a layer point
  std::string cls;   ///< operator class ("layer" for layer points), as files write it
  std::optional<OperatorClass> operatorClass; ///< the operator class; empty for a layer point
  Flops flops;
  Bytes bytes;
  FlopsPerByte intensity;
  FlopsPerByte modelledIntensity;
  FlopsPerSecond attainable; ///< min(highest compute ceiling, intensity x main-memory bandwidth)
  FlopsPerSecond achieved;   ///< FLOPs over the modelled time
  std::string bound;
};

struct Roofline {
  std::vector<ComputeCeiling> compute;
  std::vector<MemoryCeiling> memory;
  std::vector<RooflinePoint> points;
  bool empty() const { return compute.empty() && memory.empty() && points.empty(); }
};

enum class RooflineDetail { Layers, Operators };

} // namespace llmwb
