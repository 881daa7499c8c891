// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace llmwb {

struct ComputeCeiling {
  std::string device;
  std::string unit;
  FlopsPerSecond peak;
};

struct MemoryCeiling {
  std::string device;
  std::string level;      ///< "on-chip", "L1", ...
  std::string technology;
  BytesPerSecond bandwidth;
};

/// One operator, or one layer type (all its operators), in one phase at one batch size.
/// Intensity is FLOPs over the data the operator touches (weights, activations, cache): the
/// algorithmic roofline of DUET Fig. 1. `modelledIntensity` uses the off-chip traffic the engine
/// computes under the device's dataflow and placement instead.
struct RooflinePoint {
  std::string device;
  std::string phase; ///< "prefill" or "decode"
  int batch = 1;
  std::string layer; ///< layer type name, or "model"
  std::string name;  ///< operator name, or the layer type for a layer point
  std::string cls;   ///< operator class ("layer" for layer points)
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
};

enum class RooflineDetail { Layers, Operators };

/// Prefill of the prompt and the first decode step (context = the prompt) at every batch size,
/// on the prefill and decode devices of `system`.
Roofline roofline(const SystemSpec& system, const ModelSpec& model, const Workload& workload,
                  const std::vector<int>& batches, RooflineDetail detail = RooflineDetail::Layers);

} // namespace llmwb
