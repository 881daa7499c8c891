// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/engine_registry.h"

#include <memory>

namespace llmwb::engine {

/// The Snake engine (arXiv 2604.04253): NMP logic dies under a 3D-stacked DRAM. Linear operators
/// go through the per-operator search over partition mode x logical shape (snake_schedule.h),
/// attention runs head-parallel with each (request, KV head) pair's cache in one PU's channel,
/// energy is the logic die's (matrix, vector, PE control, NoC) plus DRAM traffic. The MAC-tree and
/// fixed-array baselines run through the same engine with their own compute kinds.
/// The engine's descriptor, registered in core/engine/builtin/builtin_engines.cpp.
EngineKind snakeEngine();

} // namespace llmwb::engine
