// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the design-space reader (presets/spaces/, tests/data/spaces/): parsed from text, then bound
// to the specs it names, as `llmwb-cli explore` does before it evaluates anything.
#include "fuzz/fuzz_input.h"
#include "core/io/space_io.h"

using namespace llmwb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz::expectInputErrors(fuzz::inputText(data, size), [&] { bindDesignSpace(parseDesignSpace(text, "fuzz-space.json"), fuzz::shippedPresets()); });
  return 0;
}
