// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/engine_registry.h"

namespace llmwb::engine {

/// A first-order roofline of any device: each operator takes the longest of its matrix FLOPs at
/// the device's matrix peak, its vector work at the vector peak and its compulsory memory traffic
/// (each off-chip level's bytes at that level's peak bandwidth); no efficiency factors,
/// no tile or wave quantisation, no launch costs; operators one after another, collectives as
/// the group link has them. Placement and per-bit energies are the MemExplorer chain's; traffic
/// is compulsory (every operand once). On an H100 this is Duplex's GPU model, the Snake paper's
/// GPU baseline (docs/snake.md).
/// The engine's descriptor, registered in core/engine/builtin/builtin_engines.cpp.
EngineKind rooflineEngine();

} // namespace llmwb::engine
