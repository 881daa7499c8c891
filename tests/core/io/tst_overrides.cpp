// SPDX-License-Identifier: GPL-3.0-or-later
// --set PATH=VALUE: every field of system, device, model and workload, with the errors of a bad file.
#include "core/io/input_error.h"
#include "core/io/overrides.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

namespace llmwb {
namespace {

OverrideTarget target(const std::string& system, const std::string& model = "llama-3.3-70b",
                      const std::string& workload = "osworld") {
  const auto& lib = test::presets();
  return {lib.system(system), lib.model(model), model, lib.workload(workload)};
}

TEST(Overrides, SystemPointerSetsAGroupCount) {
  auto t = target("gpu/h100x4");
  applyOverrides(t, {"/groups/0/count=8"}, test::presets());
  EXPECT_EQ(t.system.groups.front().count, 8);
}

TEST(Overrides, PhaseShortcutsReachTheRightDevice) {
  auto t = target("memexplorer/p1d1");
  const auto before = t.system.decodeGroup()->device.memory.offChip.front().parts.front().count;
  applyOverrides(t, {"decode/memory/off_chip/0/count=3", "prefill/power/static_fraction=0.25"}, test::presets());
  EXPECT_EQ(t.system.decodeGroup()->device.memory.offChip.front().parts.front().count, 3);
  EXPECT_NE(before, 3);
  EXPECT_DOUBLE_EQ(t.system.prefillGroup()->device.power.staticFraction, 0.25);
  EXPECT_NE(t.system.decodeGroup()->device.power.staticFraction, 0.25) << "only the prefill device changed";
}

TEST(Overrides, ModelAndWorkloadFields) {
  auto t = target("gpu/h100", "llama-3.1-8b", "2K:512");
  applyOverrides(t, {"workload/input_tokens=4096", "model/vocab_size=64000"}, test::presets());
  EXPECT_EQ(t.workload.inputTokens, 4096);
  EXPECT_EQ(t.workload.outputTokens, 512);
  EXPECT_EQ(t.model.vocabSize, 64000);
}

TEST(Overrides, StringValuesNeedNoQuotes) {
  auto t = target("memexplorer/base");
  applyOverrides(t, {"device/strategy/dataflow=IS"}, test::presets());
  EXPECT_EQ(t.system.groups.front().device.strategy.dataflow, Dataflow::InputStationary);
}

void expectError(const std::string& set, const std::string& fieldPart, const std::string& messagePart) {
  auto t = target("memexplorer/p1d1");
  try {
    applyOverrides(t, {set}, test::presets());
    FAIL() << set << " was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(e.file().find("--set"), std::string::npos) << e.what();
    EXPECT_NE(e.field().find(fieldPart), std::string::npos) << e.what();
    EXPECT_NE(e.message().find(messagePart), std::string::npos) << e.what();
  }
}

TEST(Overrides, BadPathsAndValuesNameTheField) {
  expectError("/groups/0/count=-2", "/groups/0/count", "");
  expectError("/groups/9/count=2", "/groups/9", "no such");
  expectError("/groups/0/device/memory/off_chip/7=2", "/off_chip/7", "no such element");
  expectError("/no_such/thing=2", "/no_such", "no such field");
  expectError("decode/power/static_fractoin=0.1", "static_fractoin", "unknown");
  expectError("device/power/static_fraction=0.1", "device", "device groups");
  expectError("nonsense", "", "PATH=VALUE");
  expectError("frobnicate/x=1", "frobnicate", "JSON pointer");
  // an index past 2^64 was the JSON library's out_of_range
  expectError("/groups/99999999999999999999999/count=1", "/groups/99999999999999999999999", "no such field");
  expectError("/groups/0/device/memory/off_chip/18446744073709551617=1", "/off_chip/18446744073709551617", "no such element");
}

} // namespace
} // namespace llmwb
