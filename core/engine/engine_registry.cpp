// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/engine_registry.h"

#include "core/device/resolved_device.h"

namespace llmwb::engine {

std::string_view toString(Phase p) { return p == Phase::Prefill ? "prefill" : "decode"; }

const EngineRegistry& engines() {
  static const EngineRegistry registry = filledRegistry(registerBuiltinEngines);
  return registry;
}

std::string engineFor(const SystemSpec& system, const DeviceGroup& group) {
  if (!group.device.engine.empty()) return group.device.engine;
  if (!system.engine.empty()) return system.engine;
  return defaultEngine(group.device.package ? deviceCompute(group.device) : group.device.compute);
}

std::unique_ptr<PerformanceModel> buildModel(const SystemSpec& system, const DeviceGroup& group, const ModelSpec& model,
                                             bool streamsCacheOut, bool descriptive) {
  return engines().build(engineFor(system, group),
                         EngineContext{group, system.groupLink, model, streamsCacheOut, descriptive,
                                       system.parallelism ? &*system.parallelism : nullptr});
}

} // namespace llmwb::engine
