// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Engines by name, filled at one registration point (builtin_engines.cpp), the way
// SearchMethodRegistry holds the search methods. An engine turns one device group, the model it
// runs and the link inside the group into a PerformanceModel.

#include "core/engine/performance_model.h"
#include "core/registry/named_registry.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llmwb::engine {

/// What an engine builds a performance model from.
struct EngineContext {
  const DeviceGroup& group;
  const LinkSpec& groupLink;
  const ModelSpec& model;
  /// The group prefills for a decode group and hands every layer's cache over while it works
  /// (DUET 3.1): it keeps a few layers of cache at a time instead of the whole batch's.
  bool streamsCacheOut = false;
  /// Fill descriptive text in summaries and phase results (EvaluationOptions::descriptions).
  bool descriptive = true;
  /// The system's `parallelism` block, when it has one (multi-core engines read it).
  const ParallelismSpec* parallelism = nullptr;
};

using EngineFactory = std::function<std::unique_ptr<PerformanceModel>(const EngineContext&)>;

class EngineRegistry : public NamedRegistry<EngineFactory> {
public:
  using Factory = EngineFactory;
  EngineRegistry() : NamedRegistry("engine") {}
  /// Throws std::invalid_argument naming every known engine when `name` is unknown.
  std::unique_ptr<PerformanceModel> build(const std::string& name, const EngineContext& context) const {
    return get(name).factory(context);
  }
};

/// Adds the workbench's engines (core/engine/builtin/builtin_engines.cpp: one line per engine).
void registerBuiltinEngines(EngineRegistry& registry);
/// A registry holding registerBuiltinEngines(), made once.
const EngineRegistry& engines();

/// The engine that models a group: the device's own `engine` when it names one, else the
/// system's, else the one its compute kind defaults to.
std::string engineFor(const SystemSpec& system, const DeviceGroup& group);

/// Builds the performance model of one group of `system` with the engine engineFor() names.
std::unique_ptr<PerformanceModel> buildModel(const SystemSpec& system, const DeviceGroup& group, const ModelSpec& model,
                                             bool streamsCacheOut = false, bool descriptive = true);

} // namespace llmwb::engine
