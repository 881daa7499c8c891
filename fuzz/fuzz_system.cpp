// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the system reader, devices by id or inline (presets/systems/).
#include "fuzz/fuzz_input.h"

using namespace llmwb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::readFile(data, size, ".json", [](const PresetLibrary& l, const std::string& f) { l.system(f); });
}
