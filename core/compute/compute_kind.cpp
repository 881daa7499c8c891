// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/compute_kind.h"

#include "core/registry/named_registry.h"

#include <stdexcept>

namespace llmwb {

void ComputeKindRegistry::add(std::unique_ptr<ComputeKind> kind) {
  if (find(kind->name())) throw std::logic_error("compute kind \"" + kind->name() + "\" registered twice");
  mKinds.push_back(std::move(kind));
}

const ComputeKind* ComputeKindRegistry::find(std::string_view name) const {
  for (const auto& k : mKinds)
    if (k->name() == name) return k.get();
  return nullptr;
}

std::vector<const ComputeKind*> ComputeKindRegistry::kinds() const {
  std::vector<const ComputeKind*> out;
  for (const auto& k : mKinds) out.push_back(k.get());
  return out;
}

std::string ComputeKindRegistry::names() const {
  std::vector<std::string> names;
  for (const auto& k : mKinds) names.push_back(k->name());
  return params::quotedList(names);
}

const ComputeKindRegistry& computeKinds() {
  static const ComputeKindRegistry registry = filledRegistry(registerBuiltinComputeKinds);
  return registry;
}

const ComputeKind& computeKind(std::string_view name) {
  if (const auto* k = computeKinds().find(name)) return *k;
  throw std::invalid_argument("unknown compute kind \"" + std::string(name) + "\" (known: " + computeKinds().names() + ")");
}

} // namespace llmwb
