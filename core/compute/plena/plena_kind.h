// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/plena/plena_spec.h"

namespace llmwb {

/// "plena": the PLENA-style NPU core (matrix engine + vector unit), modelled by MemExplorer.
std::unique_ptr<ComputeKind> makePlenaKind();

} // namespace llmwb
