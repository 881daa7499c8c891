// SPDX-License-Identifier: GPL-3.0-or-later
// The one registration point of the workbench's engines: an engine is a folder under core/engine/
// and a line here.
#include "core/engine/engine_registry.h"
#include "core/engine/gpu/gpu_engine.h"
#include "core/engine/memexplorer/memexplorer_engine.h"
#include "core/engine/npusim/npusim_engine.h"
#include "core/engine/roofline/roofline_engine.h"
#include "core/engine/snake/snake_engine.h"

namespace llmwb::engine {

void registerBuiltinEngines(EngineRegistry& r) {
  r.add(memexplorerEngine());
  r.add(gpuEngine());
  r.add(npusimEngine());
  r.add(snakeEngine());
  r.add(rooflineEngine());
}

} // namespace llmwb::engine
