// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NpuSim engine (Zhu et al., arXiv 2510.05632): a multi-core NPU chip (compute kind "npusim")
// with its parallelism block: TP groups whose GEMMs are split MN / K / MNK, placed linear-seq,
// linear-interleave, ring or mesh on the 2D mesh, pipeline stages over groups, weights and KV in
// SRAM best-effort with HBM behind. docs/npusim.md gives the formulas and the calibration constants.

#include "core/engine/engine_registry.h"

#include <memory>
#include <string>

namespace llmwb::engine {

/// The engine's descriptor, registered in core/engine/builtin/builtin_engines.cpp.
EngineKind npusimEngine();

} // namespace llmwb::engine
