// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/system/system_spec.h"

#include <algorithm>

namespace llmwb {

std::string_view toString(DeviceRole r) {
  switch (r) {
  case DeviceRole::Both: return "both";
  case DeviceRole::Prefill: return "prefill";
  case DeviceRole::Decode: return "decode";
  }
  return "?";
}

std::string_view toString(LayerSelection s) {
  switch (s) {
  case LayerSelection::All: return "all";
  case LayerSelection::Attention: return "attention";
  case LayerSelection::Ffn: return "ffn";
  }
  return "?";
}

const DeviceGroup* SystemSpec::prefillGroup() const {
  for (const auto& g : groups)
    if (g.role == DeviceRole::Prefill) return &g;
  for (const auto& g : groups)
    if (g.role == DeviceRole::Both) return &g;
  return nullptr;
}

const DeviceGroup* SystemSpec::decodeGroup() const {
  const DeviceGroup* first = nullptr; // the earliest decode phase
  for (const auto& g : groups)
    if (g.role == DeviceRole::Decode && (!first || g.untilFraction < first->untilFraction)) first = &g;
  if (first) return first;
  for (const auto& g : groups)
    if (g.role == DeviceRole::Both) return &g;
  return nullptr;
}

std::string SystemSpec::composition() const {
  std::string text;
  for (const auto& g : groups) {
    if (!text.empty()) text += " + ";
    text += std::to_string(g.count) + " \u00d7 " + (g.device.name.empty() ? g.device.id : g.device.name);
    const std::string role(toString(g.role));
    if (g.role != DeviceRole::Both && g.device.name.find(role) == std::string::npos) text += " (" + role + ")";
  }
  if (disaggregated()) text += ", disaggregated";
  return text;
}

bool SystemSpec::disaggregated() const {
  const auto* p = prefillGroup();
  const auto* d = decodeGroup();
  return p && d && p != d;
}

bool SystemSpec::prefillSplitByLayer() const {
  return std::count_if(groups.begin(), groups.end(), [](const DeviceGroup& g) { return g.role == DeviceRole::Prefill; }) > 1;
}

const DeviceGroup* SystemSpec::prefillGroupFor(LayerSelection part) const {
  if (!prefillSplitByLayer()) return nullptr;
  for (const auto& g : groups)
    if (g.role == DeviceRole::Prefill && (g.layers == LayerSelection::Ffn) == (part == LayerSelection::Ffn)) return &g;
  return nullptr;
}

bool SystemSpec::heterogeneous() const {
  return prefillSplitByLayer() ||
         std::count_if(groups.begin(), groups.end(), [](const DeviceGroup& g) { return g.role == DeviceRole::Decode; }) > 1;
}

std::vector<const DeviceGroup*> SystemSpec::decodePhases() const {
  std::vector<const DeviceGroup*> phases;
  for (const auto& g : groups)
    if (g.role == DeviceRole::Decode) phases.push_back(&g);
  if (phases.empty())
    if (const auto* d = decodeGroup()) phases.push_back(d);
  std::stable_sort(phases.begin(), phases.end(), [](const DeviceGroup* a, const DeviceGroup* b) { return a->untilFraction < b->untilFraction; });
  return phases;
}

} // namespace llmwb
