// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the request-trace reader, CSV or JSON Lines (tests/data/traces/).
#include "fuzz/fuzz_input.h"
#include "core/io/trace_reader.h"

using namespace llmwb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::readFile(data, size, ".csv", [](const PresetLibrary& l, const std::string& f) { io::readTrace(f); });
}
