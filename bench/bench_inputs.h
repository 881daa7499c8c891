// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The presets a benchmark runs on, loaded from the source tree's presets/.
#include "core/io/preset_library.h"

namespace llmwb::bench {

struct Inputs {
  SystemSpec system;
  ModelSpec model;
  Workload workload;
};

inline Inputs load(const char* system, const char* model, const char* workload) {
  const PresetLibrary lib({LLMWB_BENCH_PRESETS});
  return {lib.system(system), lib.model(model), lib.workload(workload)};
}

} // namespace llmwb::bench
