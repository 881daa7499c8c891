// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/engine_registry.h"

#include "core/compute/compute_kind.h"
#include "core/device/resolved_device.h"
#include "core/registry/named_registry.h"

#include <algorithm>
#include <stdexcept>

namespace llmwb::engine {

std::string_view toString(Phase p) { return p == Phase::Prefill ? "prefill" : "decode"; }

bool EngineKind::accepts(std::string_view computeKind) const {
  if (everyComputeKind || std::find(computeKinds.begin(), computeKinds.end(), computeKind) != computeKinds.end()) return true;
  const ComputeKind* kind = llmwb::computeKinds().find(computeKind);
  return kind && kind->defaultEngine() == name;
}

bool EngineKind::makes(std::string_view detailType) const {
  return std::find(details.begin(), details.end(), detailType) != details.end();
}

const IgnoredInput* EngineKind::ignored(std::string_view field) const {
  for (const auto& i : ignores)
    if (field == i.field || (field.size() > i.field.size() && field.starts_with(i.field) && field[i.field.size()] == '.'))
      return &i;
  return nullptr;
}

namespace {
std::string genericReason(ResultAspect aspect) {
  switch (aspect) {
  case ResultAspect::OperatorRows: return "it reports no operator rows";
  case ResultAspect::OperatorEnergy: return "it reports no dynamic energy per operator";
  case ResultAspect::MemoryTraffic: return "it reports no traffic by memory level";
  case ResultAspect::MemoryEnergy: return "it has no memory energy model";
  }
  return "it does not compute this";
}
} // namespace

std::string EngineKind::notModelled(ResultAspect aspect) const {
  for (const auto& u : unmodelled)
    if (u.aspect == aspect) return u.reason;
  return genericReason(aspect);
}

std::string notModelledText(const std::string& engine, ResultAspect aspect) {
  const EngineKind* e = engines().find(engine);
  return "not modelled by the " + (engine.empty() ? std::string("selected") : engine) + " engine: " +
         (e ? e->notModelled(aspect) : genericReason(aspect));
}

std::string EngineKind::computeKindsText() const {
  if (everyComputeKind) return "every compute kind";
  std::vector<std::string> kinds;
  for (const ComputeKind* k : llmwb::computeKinds().kinds())
    if (accepts(k->name())) kinds.push_back(k->name());
  for (const auto& k : computeKinds)
    if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
  if (kinds.empty()) return "no compute kind";
  std::string out;
  for (std::size_t i = 0; i < kinds.size(); ++i) out += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + ("\"" + kinds[i] + "\"");
  return out;
}

void EngineRegistry::add(EngineKind kind) {
  if (kind.name.empty()) throw std::invalid_argument("an engine needs a name");
  if (find(kind.name)) throw std::invalid_argument("engine \"" + kind.name + "\" is registered twice");
  if (!kind.factory) throw std::invalid_argument("engine \"" + kind.name + "\" has no factory");
  mEntries.push_back(std::move(kind));
}

const EngineKind* EngineRegistry::find(const std::string& name) const {
  for (const auto& e : mEntries)
    if (e.name == name) return &e;
  return nullptr;
}

const EngineKind& EngineRegistry::get(const std::string& name) const {
  if (const auto* e = find(name)) return *e;
  throw std::invalid_argument("unknown engine \"" + name + "\" (known: " + names() + ")");
}

std::string EngineRegistry::names() const {
  std::string out;
  for (const auto& e : mEntries) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

std::vector<const EngineKind*> EngineRegistry::applicable(std::string_view computeKind) const {
  std::vector<const EngineKind*> out;
  for (const auto& e : mEntries)
    if (e.accepts(computeKind)) out.push_back(&e);
  return out;
}

std::unique_ptr<PerformanceModel> EngineRegistry::build(const std::string& name, const EngineContext& context) const {
  const EngineKind& e = get(name);
  const std::string kind = computeKindOf(context.group);
  if (!e.accepts(kind))
    throw std::invalid_argument("the " + name + " engine models " + e.computeKindsText() + " devices; " + context.group.device.name +
                                " is \"" + kind + "\" (choose another engine: llmwb-cli engines list)");
  return e.factory(context);
}

namespace {
EngineRegistry& registry() {
  static EngineRegistry r = filledRegistry(registerBuiltinEngines);
  return r;
}
} // namespace

const EngineRegistry& engines() { return registry(); }

EngineRegistration::EngineRegistration(EngineKind kind) { registry().add(std::move(kind)); }

std::vector<const EngineSettings*> engineSettings() {
  std::vector<const EngineSettings*> out;
  for (const auto& e : engines().entries())
    for (const auto& st : e.settings)
      if (std::none_of(out.begin(), out.end(), [&](const EngineSettings* o) { return o->block == st.block; })) out.push_back(&st);
  return out;
}

std::string computeKindOf(const DeviceGroup& group) {
  return group.device.package ? deviceCompute(group.device).kindName() : group.device.compute.kindName();
}

std::string engineFor(const SystemSpec& system, const DeviceGroup& group) {
  if (!group.device.engine.empty()) return group.device.engine;
  if (!system.engine.empty()) return system.engine;
  return defaultEngine(group.device.package ? deviceCompute(group.device) : group.device.compute);
}

std::unique_ptr<PerformanceModel> buildModel(const SystemSpec& system, const DeviceGroup& group, const ModelSpec& model,
                                             bool streamsCacheOut, bool descriptive) {
  return engines().build(engineFor(system, group),
                         EngineContext{group, system.groupLink, model, streamsCacheOut, descriptive, &system.settings});
}

} // namespace llmwb::engine
