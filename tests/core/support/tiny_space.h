// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The tiny decode space (tests/data/spaces/tiny-decode.json: 60 designs around MemExplorer Base),
// bound once, for the exploration tests.

#include "core/io/space_io.h"
#include "tests/core/support/test_presets.h"

namespace llmwb::test {

inline const dse::DesignProblem& tinySpace() {
  static const dse::DesignProblem problem = loadDesignProblem(LLMWB_TEST_DATA "/spaces/tiny-decode.json", presets());
  return problem;
}

} // namespace llmwb::test
