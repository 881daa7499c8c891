// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the exploration-results reader (fuzz/seeds/results/).
#include "fuzz/fuzz_input.h"
#include "core/io/results_io.h"

using namespace llmwb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::readFile(data, size, ".json", [](const PresetLibrary& l, const std::string& f) { readResults(f); });
}
