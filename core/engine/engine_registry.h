// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Engines by name, each described once by an EngineKind (what it models, what it ignores, how it
// serves), filled at one registration point (builtin_engines.cpp) the way SearchMethodRegistry
// holds the search methods. An engine turns one device group, the model it runs and the link
// inside the group into a PerformanceModel.

#include "core/engine/performance_model.h"
#include "core/params/param_table.h"

#include <functional>
#include <mutex>
#include <memory>
#include <string>
#include <string_view>
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
  /// The system's engine settings blocks (EngineSettings; SystemSpec::settings), when the model
  /// is built for a system: an engine reads its own (the npusim engine its `parallelism`).
  const SettingsBlocks* settings = nullptr;
};

using EngineFactory = std::function<std::unique_ptr<PerformanceModel>(const EngineContext&)>;

/// A device input an engine does not read, and why: editors lock or mark it with the reason, so
/// that nothing the user edits is silently without effect.
struct IgnoredInput {
  std::string field;  ///< a device preset key path: a block ("strategy", "dma") or one key ("quantisation.kv_cache")
  std::string reason; ///< one sentence: what the engine takes instead
};

/// What a result view shows that an engine may not compute: the views then say so in one line
/// (notModelledText), never a blank or zero-filled plot.
enum class ResultAspect {
  OperatorRows,   ///< per-operator (or per-class) rows: latency breakdowns, roofline points
  OperatorEnergy, ///< dynamic energy per operator row
  MemoryTraffic,  ///< bytes by memory level
  MemoryEnergy,   ///< memory power and energy by level
};

/// An aspect an engine does not model, and why.
struct Unmodelled {
  ResultAspect aspect = ResultAspect::OperatorRows;
  std::string reason{}; ///< one clause: "the paper gives no memory power model"
};

/// A block of system-level settings an engine reads (the npusim engine's `parallelism`), declared
/// once as a parameter table over the system: the system reader and writer, the inspector, the
/// preset reference, `--set /<block>/<key>` and design spaces (`system.<block>.<key>`) all go
/// through it; nothing outside the engine names the block.
struct EngineSettings {
  std::string block{}; ///< the system's key: "parallelism"
  std::string title{}; ///< the inspector's section and the reference's heading
  std::function<const params::ParamTable<SystemSpec>&()> fields{}; ///< keys within the block ("tp")
  std::function<bool(const SystemSpec&)> present{};                ///< the system has the block
  std::function<void(SystemSpec&)> add{};                          ///< gives the system the block (defaults)
};

/// An engine's settings block of type T (its own struct, in its own folder) with the fields
/// `fields()` declares, kept in SystemSpec::settings under `block`: all an engine writes to have
/// system-level settings.
template <class T>
EngineSettings settingsBlock(std::string block, std::string title, const params::ParamTable<T>& (*fields)()) {
  auto once = std::make_shared<std::once_flag>();
  auto table = std::make_shared<params::ParamTable<SystemSpec>>();
  auto lifted = [once, table, fields, block]() -> const params::ParamTable<SystemSpec>& {
    std::call_once(*once, [&] {
      *table = params::lift<SystemSpec, T>(
          fields(), "", [block](SystemSpec& s) { return s.settings.find<T>(block); },
          [block](const SystemSpec&) { return "the system has no " + block + " block"; },
          [block](const SystemSpec& s) { return s.settings.find<T>(block); });
    });
    return *table;
  };
  return {.block = block,
          .title = std::move(title),
          .fields = std::move(lifted),
          .present = [block](const SystemSpec& s) { return s.settings.find<T>(block) != nullptr; },
          .add = [block](SystemSpec& s) { s.settings.ensure<T>(block); }};
}

/// An engine, described once: everything the workbench needs to offer it, list it, serve with it
/// and show what it ignores. Engines register in core/engine/builtin/builtin_engines.cpp, one line
/// each; an engine outside the tree (a test's, a plug-in's) registers with one EngineRegistration.
struct EngineKind {
  std::string name{};      ///< the preset `engine` value
  std::string description{}; ///< one line, for `llmwb-cli engines list` and the inspector's tooltip
  /// It models every compute kind (a first-order model at datasheet peaks); otherwise the kinds
  /// whose default engine it is (ComputeKind::defaultEngine) and those in `computeKinds`.
  bool everyComputeKind = false;
  std::vector<std::string> computeKinds{}; ///< preset `type`s it models besides those that default to it
  /// The serving scheduler a system whose groups it models gets when none is named; empty: the
  /// generic choice (continuous batching, or PD disaggregation for a disaggregated system).
  std::string defaultScheduler{};
  /// Device inputs it does not read.
  std::vector<IgnoredInput> ignores{};
  /// What it does not compute of what the views show.
  std::vector<Unmodelled> unmodelled{};
  /// The system-level settings it reads.
  std::vector<EngineSettings> settings{};
  /// The detail products it makes (detail_product.h), by type: views registered for one show for
  /// the groups this engine models, and for no other engine's.
  std::vector<std::string> details{};
  EngineFactory factory{};

  bool accepts(std::string_view computeKind) const;
  bool makes(std::string_view detailType) const;
  /// Why `field` (a device key path, "strategy.dataflow") is not read: the entry naming it or a block
  /// above it; nullptr when the engine reads it.
  const IgnoredInput* ignored(std::string_view field) const;
  /// Why it does not model `aspect`: its own reason, or what its results lack.
  std::string notModelled(ResultAspect aspect) const;
  /// "every compute kind" or "\"snake\", \"fixed_array\" or \"mac_tree\"", for messages and listings.
  std::string computeKindsText() const;
};

class EngineRegistry {
public:
  /// Throws std::invalid_argument when the name is empty or taken, or the engine has no factory.
  void add(EngineKind kind);
  const EngineKind* find(const std::string& name) const;
  /// Throws std::invalid_argument naming every known engine when there is none of that name.
  const EngineKind& get(const std::string& name) const;
  /// In registration order.
  const std::vector<EngineKind>& entries() const { return mEntries; }
  std::string names() const; ///< "a, b, c" for messages
  /// The engines that model a device of compute kind `computeKind`, in registration order.
  std::vector<const EngineKind*> applicable(std::string_view computeKind) const;
  /// Throws std::invalid_argument for an unknown engine or one that does not model the group's
  /// compute kind (the message names both and the kinds it models).
  std::unique_ptr<PerformanceModel> build(const std::string& name, const EngineContext& context) const;

private:
  std::vector<EngineKind> mEntries;
};

/// Adds the workbench's engines (core/engine/builtin/builtin_engines.cpp: one line per engine).
void registerBuiltinEngines(EngineRegistry& registry);
/// The workbench's engines: registerBuiltinEngines() and every EngineRegistration.
const EngineRegistry& engines();

/// Adds an engine to engines() from outside the tree, with one line at namespace scope:
/// `static const llmwb::engine::EngineRegistration kToy{toyEngine()};`. Registrations run while
/// the program starts (static initialisation), before any thread reads the registry.
struct EngineRegistration {
  explicit EngineRegistration(EngineKind kind);
};

/// Every engine's settings blocks, each block once (two engines may read one), in registration order.
std::vector<const EngineSettings*> engineSettings();

/// "not modelled by the <engine> engine: <why>", the one line a view shows where the engine that
/// made a result computed nothing for it (an unknown engine gets the generic reason).
std::string notModelledText(const std::string& engine, ResultAspect aspect);

/// The compute kind of a group's device (a chiplet package's resolved kind).
std::string computeKindOf(const DeviceGroup& group);

/// The engine that models a group: the device's own `engine` when it names one, else the
/// system's, else the one its compute kind defaults to.
std::string engineFor(const SystemSpec& system, const DeviceGroup& group);

/// Builds the performance model of one group of `system` with the engine engineFor() names.
std::unique_ptr<PerformanceModel> buildModel(const SystemSpec& system, const DeviceGroup& group, const ModelSpec& model,
                                             bool streamsCacheOut = false, bool descriptive = true);

} // namespace llmwb::engine
