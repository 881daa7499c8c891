// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/system/system_spec.h"

namespace llmwb {

std::string_view toString(DeviceRole r) {
  switch (r) {
  case DeviceRole::Both: return "both";
  case DeviceRole::Prefill: return "prefill";
  case DeviceRole::Decode: return "decode";
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
  for (const auto& g : groups)
    if (g.role == DeviceRole::Decode) return &g;
  for (const auto& g : groups)
    if (g.role == DeviceRole::Both) return &g;
  return nullptr;
}

bool SystemSpec::disaggregated() const {
  const auto* p = prefillGroup();
  const auto* d = decodeGroup();
  return p && d && p != d;
}

} // namespace llmwb
