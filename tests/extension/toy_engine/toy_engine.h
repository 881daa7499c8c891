// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An engine defined entirely outside the tree's engines (issue 35's proof that the engine is the
// unit of extension): the "toy" engine models any device at its first-order roofline, names its own
// default scheduler and an ignored input, and computes no operator rows or memory traffic, so
// the views that need them say "not modelled by the toy engine". Its registration is one line in
// register_toy_engine.cpp; nothing outside this folder names it.

#include "core/engine/engine_registry.h"

namespace llmwb::test {

engine::EngineKind toyEngine();

} // namespace llmwb::test
