// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engine/engine_registry.h"

namespace llmwb::engine {

/// MemExplorer's analytic model (PLENA compute and DUET arrays): operands move along the
/// on-chip -> L1 -> ... chain with the double-buffered transfer model (Eq. 2-5), the strategy's
/// placement and bandwidth split, Eq. 6 energy.
/// The engine's descriptor, registered in core/engine/builtin/builtin_engines.cpp.
EngineKind memexplorerEngine();

} // namespace llmwb::engine
