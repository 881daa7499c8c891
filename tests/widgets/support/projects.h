// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"
#include "core/io/project.h"

namespace llmwb::test {

/// A project over a system preset, unedited.
inline Project projectOf(const PresetLibrary& lib, const std::string& system, const std::string& model,
                         const std::string& workload) {
  Project p;
  p.name = "test";
  p.system = {system, lib.system(system)};
  p.model = model;
  p.workload = workload;
  return p;
}

} // namespace llmwb::test
