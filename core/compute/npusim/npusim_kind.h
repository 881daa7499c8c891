// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/compute_kind.h"
#include "core/compute/npusim/npusim_spec.h"

namespace llmwb {

/// "npusim": a multi-core NPU, cores on a 2D mesh (NpuSim Table 3); modelled by the npusim engine.
std::unique_ptr<ComputeKind> makeNpusimKind();

} // namespace llmwb
