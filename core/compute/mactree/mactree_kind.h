// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/nmp/nmp_spec.h"

namespace llmwb {

/// "mac_tree": a Stratum-style NMP logic die whose cores are MAC trees: array_cols trees of
/// array_rows inputs each (spec E: 16 trees of 64 inputs, 1024 MACs per core, 4096 per PU).
struct MacTreeComputeSpec : NmpDieSpec {
  static constexpr const char* kKind = "mac_tree";
  MacTreeComputeSpec() {
    arrayRows = 64;
    arrayCols = 16;
    frequencyMHz = 1000;
  }
};

std::unique_ptr<ComputeKind> makeMacTreeKind();

} // namespace llmwb
