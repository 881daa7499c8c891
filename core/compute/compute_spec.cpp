// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/compute_spec.h"

#include "core/compute/compute_kind.h"

namespace llmwb {

ComputeSpec::ComputeSpec() : ComputeSpec(computeKinds().kinds().front()->defaults()) {}

const std::string& ComputeSpec::kindName() const { return mKind->name(); }

std::string ComputeSpec::wrongKind(std::string_view wanted) const {
  return "expected a \"" + std::string(wanted) + "\" compute unit, got \"" + kindName() + "\"";
}

std::unique_ptr<ComputeUnit> makeComputeUnit(const ComputeSpec& spec) { return spec.kind().makeUnit(spec); }

std::string computeTypeName(const ComputeSpec& spec) { return spec.kindName(); }

std::string defaultEngine(const ComputeSpec& spec) { return spec.kind().defaultEngine(); }

} // namespace llmwb
