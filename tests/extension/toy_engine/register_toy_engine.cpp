// SPDX-License-Identifier: GPL-3.0-or-later
// The toy engine's registration: the one line a new engine takes outside core/engine/builtin.
#include "tests/extension/toy_engine/toy_engine.h"

static const llmwb::engine::EngineRegistration kToyEngine{llmwb::test::toyEngine()};
