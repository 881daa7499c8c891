// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the project reader and every reference it makes (presets/projects/).
#include "fuzz/fuzz_input.h"
#include "core/io/project.h"

using namespace llmwb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::readFile(data, size, ".llmwb", [](const PresetLibrary& l, const std::string& f) { readProject(f, l); });
}
