// SPDX-License-Identifier: GPL-3.0-or-later
// A faster level below a slower one is flagged (core/memory/hierarchy.h orderWarnings, issue 12
// item 10) and the evaluation carries the warning; the shipped MemExplorer devices raise none.
#include "core/engine/evaluate.h"
#include "core/io/preset_library.h"
#include "core/memory/hierarchy.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
const PresetLibrary& library() {
  static const PresetLibrary lib({LLMWB_TEST_PRESETS});
  return lib;
}
} // namespace

TEST(HierarchyOrder, AFasterLevelBelowASlowerOneIsFlagged) {
  SystemSpec system = library().system("memexplorer/base");
  auto& memory = system.groups.front().device.memory;
  ASSERT_TRUE(memory.orderWarnings().empty());
  // LPDDR5X x8 as L1 over HBM4 12-high x2 as L2.
  MemoryLevel lpddr{{MemoryPart{library().memoryTechnology("lpddr5x"), 8}}};
  MemoryLevel hbm{{MemoryPart{library().memoryTechnology("hbm4-12h"), 2}}};
  ASSERT_LT(lpddr.bandwidth(), hbm.bandwidth());
  memory.offChip = {lpddr, hbm};
  const auto warnings = memory.orderWarnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings.front().rfind("L1 (", 0), 0u) << warnings.front();
  EXPECT_NE(warnings.front().find("slower than L2"), std::string::npos) << warnings.front();
  const auto result = evaluate(system, library().model("llama-3.3-70b"), library().workload("osworld"));
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_NE(result.warnings.front().find(warnings.front()), std::string::npos);
}

TEST(HierarchyOrder, TheShippedDesignsAreInOrder) {
  for (const char* id : {"memexplorer/base", "memexplorer/p1d1", "memexplorer/d2", "gpu/h100"}) {
    const auto system = library().system(id);
    for (const auto& g : system.groups) EXPECT_TRUE(g.device.memory.orderWarnings().empty()) << id;
  }
}
