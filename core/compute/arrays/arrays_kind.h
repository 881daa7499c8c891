// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"
#include "core/compute/compute_kind.h"

namespace llmwb {

/// "arrays": DUET systolic and/or vector-unit arrays.
std::unique_ptr<ComputeKind> makeArraysKind();

} // namespace llmwb
