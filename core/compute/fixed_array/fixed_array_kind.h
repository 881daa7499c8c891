// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/nmp/nmp_spec.h"

namespace llmwb {

/// "fixed_array": an NMP logic die whose cores are systolic arrays of one fixed shape
/// (array_rows x array_cols: the paper's 48 x 48 and 8 x 288 baselines, Snake §6.1.2).
struct FixedArrayComputeSpec : NmpDieSpec {
  static constexpr const char* kKind = "fixed_array";
  FixedArrayComputeSpec() {
    arrayRows = 48;
    arrayCols = 48;
    frequencyMHz = 1000;
  }
};

std::unique_ptr<ComputeKind> makeFixedArrayKind();

} // namespace llmwb
