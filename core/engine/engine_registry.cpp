// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/engine_registry.h"

#include <stdexcept>

namespace llmwb::engine {

std::string_view toString(Phase p) { return p == Phase::Prefill ? "prefill" : "decode"; }

void EngineRegistry::add(std::string name, std::string description, Factory factory) {
  if (find(name)) throw std::invalid_argument("engine \"" + name + "\" is registered twice");
  mEntries.push_back({std::move(name), std::move(description), std::move(factory)});
}

const EngineRegistry::Entry* EngineRegistry::find(const std::string& name) const {
  for (const auto& e : mEntries)
    if (e.name == name) return &e;
  return nullptr;
}

std::string EngineRegistry::names() const {
  std::string out;
  for (const auto& e : mEntries) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

std::unique_ptr<PerformanceModel> EngineRegistry::build(const std::string& name, const EngineContext& context) const {
  const auto* e = find(name);
  if (!e) throw std::invalid_argument("unknown engine \"" + name + "\" (known: " + names() + ")");
  return e->factory(context);
}

const EngineRegistry& engines() {
  static const EngineRegistry registry = [] {
    EngineRegistry r;
    registerBuiltinEngines(r);
    return r;
  }();
  return registry;
}

std::string engineFor(const SystemSpec& system, const DeviceGroup& group) {
  if (!group.device.engine.empty()) return group.device.engine;
  if (!system.engine.empty()) return system.engine;
  return defaultEngine(group.device.compute);
}

std::unique_ptr<PerformanceModel> buildModel(const SystemSpec& system, const DeviceGroup& group, const ModelSpec& model,
                                             bool streamsCacheOut) {
  return engines().build(engineFor(system, group), EngineContext{group, system.groupLink, model, streamsCacheOut});
}

} // namespace llmwb::engine
