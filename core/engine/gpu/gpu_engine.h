// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/engine_registry.h"

namespace llmwb::engine {

/// GPU baselines (A100, H100, B200): tensor-core peaks at a matmul efficiency, an L2 super-tile
/// that sets DRAM re-reads, HBM streaming, datasheet TDP; tensor parallelism over NVLink. Today it
/// costs operators with the same chain as the MemExplorer engine (a GPU's hierarchy is on-chip
/// SRAM + HBM); kernel-level mechanisms belong here.
/// The engine's descriptor, registered in core/engine/builtin/builtin_engines.cpp.
EngineKind gpuEngine();

} // namespace llmwb::engine
