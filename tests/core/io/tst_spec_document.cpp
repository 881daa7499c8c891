// SPDX-License-Identifier: GPL-3.0-or-later
// Any preset spec to its document and back (the Python module's specs): every shipped preset of
// every kind reads back as itself; a bad document names its origin and field; a device's `base`
// is merged from text as from a file.

#include "core/engine/evaluate.h"
#include "core/io/input_error.h"
#include "core/io/result_json.h"
#include "core/io/spec_document.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

namespace llmwb {
namespace {

TEST(SpecDocument, EveryShippedPresetReadsBackAsTheSameDocument) {
  const auto& lib = test::presets();
  int checked = 0;
  for (const auto kind : {PresetKind::MemoryTechnology, PresetKind::Model, PresetKind::Workload, PresetKind::Device,
                          PresetKind::System}) {
    for (const auto& info : lib.list(kind)) {
      const auto spec = io::loadSpec(kind, info.id, lib);
      EXPECT_EQ(io::kindOf(spec), kind);
      EXPECT_EQ(io::idOf(spec), info.id);
      const auto text = io::specJsonText(spec);
      const auto again = io::readSpecText(kind, text, "test", info.id, lib);
      EXPECT_EQ(io::specJsonText(again), text) << info.id;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(SpecDocument, ASystemReadBackEvaluatesAsTheOriginal) {
  const auto& lib = test::presets();
  const auto model = lib.model("llama-3.3-70b");
  const auto workload = lib.workload("osworld");
  for (const std::string id : {"memexplorer/p1d1", "duet/system", "gpu/h100x4", "snake/snake", "npusim/large-64"}) {
    const auto original = std::get<SystemSpec>(io::loadSpec(PresetKind::System, id, lib));
    const auto copy = std::get<SystemSpec>(io::readSpecText(PresetKind::System, io::specJsonText(original), "t", id, lib));
    auto a = evaluate(original, model, workload), b = evaluate(copy, model, workload);
    EXPECT_EQ(a.decode.tokensPerSecond, b.decode.tokensPerSecond) << id;
    EXPECT_EQ(a.prefill.ttft.value(), b.prefill.ttft.value()) << id;
  }
}

TEST(SpecDocument, ABadDocumentNamesItsOriginAndField) {
  const auto& lib = test::presets();
  try {
    io::readSpecText(PresetKind::Workload, R"({"format_version": 1, "kind": "workload", "input_tokens": -5, "output_tokens": 1})",
                     "my edit", "w", lib);
    FAIL() << "accepted a negative prompt";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "my edit");
    EXPECT_EQ(e.field(), "/input_tokens");
  }
  EXPECT_THROW(io::readSpecText(PresetKind::Model, "[1, 2]", "o", "", lib), InputError);
  EXPECT_THROW(io::readSpecText(PresetKind::Model, "{", "o", "", lib), InputError);
  EXPECT_THROW(io::readSpecText(PresetKind::Project, "{}", "o", "", lib), InputError);
  EXPECT_THROW(io::loadSpec(PresetKind::Project, "memexplorer-osworld", lib), InputError);
  EXPECT_THROW(io::presetKindFrom("gadget", "o"), InputError);
  EXPECT_EQ(io::presetKindFrom("systems", "o"), PresetKind::System);
  EXPECT_EQ(io::presetKindFrom("memory_technology", "o"), PresetKind::MemoryTechnology);
}

TEST(SpecDocument, ADeviceBaseIsMergedFromText) {
  const auto& lib = test::presets();
  const auto base = std::get<DeviceSpec>(io::loadSpec(PresetKind::Device, "memexplorer/base", lib));
  const auto child = std::get<DeviceSpec>(io::readSpecText(
      PresetKind::Device, R"({"format_version": 1, "kind": "device", "name": "Base, renamed", "base": "memexplorer/base"})", "t",
      "child", lib));
  EXPECT_EQ(child.name, "Base, renamed");
  EXPECT_EQ(child.memory.offChip.size(), base.memory.offChip.size());
  try {
    io::readSpecText(PresetKind::Device, R"({"format_version": 1, "kind": "device", "base": "no/such"})", "t", "c", lib);
    FAIL() << "accepted a missing base";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "/base");
  }
}

} // namespace
} // namespace llmwb
