// SPDX-License-Identifier: GPL-3.0-or-later
// Specs written back to JSON read as the same system: every shipped system evaluates identically
// after a round trip, and projects keep what they hold.

#include "core/io/input_error.h"
#include "core/io/project.h"
#include "core/io/spec_writer.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace llmwb {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("llmwb-spec-writer-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

SystemSpec roundTrip(const SystemSpec& system) {
  const fs::path file = scratch("system.json");
  std::ofstream(file) << io::systemJsonText(system);
  return test::presets().system(file.string());
}

class EverySystem : public ::testing::TestWithParam<std::string> {};

TEST_P(EverySystem, EvaluatesIdenticallyAfterRoundTrip) {
  const auto& lib = test::presets();
  const auto original = lib.system(GetParam());
  const auto copy = roundTrip(original);
  ASSERT_EQ(copy.groups.size(), original.groups.size());
  const auto model = lib.model(original.groups.front().device.package ? "nemotron-h-56b" : "llama-3.3-70b");
  const auto workload = lib.workload("2048:256");
  const auto a = evaluate(original, model, workload);
  const auto b = evaluate(copy, model, workload);
  EXPECT_EQ(a.feasible, b.feasible);
  EXPECT_EQ(a.decode.maxBatch, b.decode.maxBatch);
  EXPECT_DOUBLE_EQ(a.prefill.ttft.value(), b.prefill.ttft.value());
  EXPECT_DOUBLE_EQ(a.decode.tokensPerSecond, b.decode.tokensPerSecond);
  EXPECT_DOUBLE_EQ(a.decode.averagePower.value(), b.decode.averagePower.value());
  for (std::size_t i = 0; i < a.devices.size(); ++i) {
    EXPECT_DOUBLE_EQ(a.devices[i].tdp.value(), b.devices[i].tdp.value());
    EXPECT_DOUBLE_EQ(a.devices[i].memoryCapacity.value(), b.devices[i].memoryCapacity.value());
    EXPECT_EQ(a.devices[i].name, b.devices[i].name);
  }
  // Written twice, the document is the same: nothing drifts on repeated saves.
  EXPECT_EQ(io::systemJsonText(copy), io::systemJsonText(roundTrip(copy)));
}

std::vector<std::string> systemIds() {
  std::vector<std::string> ids;
  for (const auto& p : test::presets().list(PresetKind::System)) ids.push_back(p.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Presets, EverySystem, ::testing::ValuesIn(systemIds()), [](const auto& param) {
  std::string name = param.param;
  for (auto& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

TEST(ProjectFile, KeepsEverythingThroughSaveAndOpen) {
  const auto& lib = test::presets();
  Project p;
  p.name = "round trip";
  p.system = {"", lib.system("memexplorer/p1d1")};
  p.system.system.groups[1].count = 2; // edited: saved inline
  p.model = "llama-3.3-70b";
  p.workload = "4000:500";
  p.comparisons = {{"gpu/h100x4", lib.system("gpu/h100x4")}};
  p.options.decodeBatch = 8;
  p.exploration = ExplorationSetup{"memexplorer-decode", "random", 12, 7};
  p.uiState = R"({"view":"roofline"})";
  p.published = {{"gpu/h100x4", ClaimMetric::PrefillTokensPerJoule, 3.23, "seed 000 abstract", "llama-3.3-70b", "4000:500"},
                  {"gpu/a100x4", ClaimMetric::Tbt, 0.5, "not compared now: kept", "qwen3-4b", "chat", false},
                  {"gpu/h100x4", ClaimMetric::Ttft, std::nullopt, "a caption: only the direction", "llama-3.3-70b", "4000:500", false}};
  const fs::path file = scratch("project.llmwb");
  writeProject(p, file);
  const auto q = readProject(file, lib);
  EXPECT_EQ(q.name, p.name);
  EXPECT_TRUE(q.system.preset.empty());
  EXPECT_EQ(q.system.system.groups[1].count, 2);
  EXPECT_EQ(q.workload, "4000:500");
  ASSERT_EQ(q.comparisons.size(), 1u);
  EXPECT_EQ(q.comparisons[0].preset, "gpu/h100x4");
  EXPECT_EQ(q.options.decodeBatch, 8);
  ASSERT_TRUE(q.exploration);
  EXPECT_EQ(q.exploration->method, "random");
  EXPECT_EQ(q.exploration->budget, 12u);
  EXPECT_EQ(q.uiState, R"({"view":"roofline"})");
  ASSERT_EQ(q.published.size(), 3u);
  EXPECT_EQ(q.published[0].against, "gpu/h100x4");
  EXPECT_EQ(q.published[0].metric, ClaimMetric::PrefillTokensPerJoule);
  EXPECT_DOUBLE_EQ(q.published[0].ratio.value_or(0), 3.23);
  EXPECT_EQ(q.published[0].source, "seed 000 abstract");
  EXPECT_EQ(q.published[1].metric, ClaimMetric::Tbt);
  EXPECT_EQ(q.published[0].model, "llama-3.3-70b");
  EXPECT_EQ(q.published[1].model, "qwen3-4b");
  EXPECT_EQ(q.published[1].workload, "chat");
  EXPECT_EQ(q.published[1].direction(), "worse"); // from its ratio
  EXPECT_FALSE(q.published[2].ratio);  // a direction only stays one
  EXPECT_FALSE(q.published[2].better);
  EXPECT_EQ(q.published[2].metric, ClaimMetric::Ttft);
  // The atomic save leaves no temporary file behind.
  for (const auto& entry : fs::directory_iterator(file.parent_path()))
    EXPECT_EQ(entry.path().string().find(".saving-"), std::string::npos) << entry.path();
}

TEST(ProjectFile, SaveOverAnExistingFileReplacesIt) {
  const auto& lib = test::presets();
  const fs::path file = scratch("replace.llmwb");
  std::ofstream(file) << "old contents";
  Project p = readProject(defaultProjectPath(lib), lib);
  writeProject(p, file);
  EXPECT_EQ(readProject(file, lib).name, p.name);
}

TEST(ProjectFile, SaveIntoAMissingFolderFailsAndSaysWhere) {
  Project p = readProject(defaultProjectPath(test::presets()), test::presets());
  const fs::path file = scratch("no-such-folder") / "deeper" / "x.llmwb";
  try {
    writeProject(p, file);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("x.llmwb"), std::string::npos) << e.what();
  }
}

TEST(ProjectFile, NewerFormatIsRefusedWithTheVersion) {
  const fs::path file = scratch("future.llmwb");
  std::ofstream(file) << R"({"format_version": 9, "kind": "project", "system": "gpu/h100", "model": "llama-3.1-8b", "workload": "gsm8k"})";
  try {
    readProject(file, test::presets());
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "/format_version");
    EXPECT_NE(e.message().find("9"), std::string::npos);
  }
}

// A published figure that cannot be read names the claim's field and what it expects (11 cases).
TEST(ProjectFile, BadPublishedFiguresNameTheirField) {
  const std::string head = R"({"format_version": 2, "kind": "project", "system": "memexplorer/p1d1", "model": "llama-3.3-70b",
    "workload": "osworld", "comparisons": ["gpu/h100x4"], "published": [)";
  const struct {
    const char* claim;
    const char* field;
    const char* says;
  } cases[] = {
      {R"({"against": "gpu/h100x4", "metric": "speed", "ratio": 2, "source": "x"})", "/published/0/metric", "prefill_tokens_per_J"},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 0, "source": "x"})", "/published/0/ratio", "1e-06"},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 2, "source": ""})", "/published/0/source", "where the paper"},
      {R"({"against": "", "metric": "ttft_s", "ratio": 2, "source": "x"})", "/published/0/against", "preset id"},
      {R"({"metric": "ttft_s", "ratio": 2, "source": "x"})", "/published/0/against", ""},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 2, "source": "x", "unit": "s"})", "/published/0/unit", ""},
      {R"("gpu/h100x4")", "/published/0", "expected an object"},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 2, "source": "x", "model": ""})", "/published/0/model", "model the figure is for"},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "source": "x"})", "/published/0", "either \"ratio\""},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 2, "direction": "better", "source": "x"})", "/published/0", "or \"direction\""},
      {R"({"against": "gpu/h100x4", "metric": "ttft_s", "direction": "faster", "source": "x"})", "/published/0/direction", "\"better\" or \"worse\", got \"faster\""},
  };
  for (const auto& c : cases) {
    const fs::path file = scratch("claims.llmwb");
    std::ofstream(file) << head << c.claim << "]}";
    try {
      readProject(file, test::presets());
      ADD_FAILURE() << "expected an error for " << c.claim;
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), file.string()) << c.claim;
      EXPECT_EQ(e.field(), c.field) << c.claim << ": " << e.what();
      EXPECT_NE(e.message().find(c.says), std::string::npos) << e.what();
    }
  }
}

// A published figure is for the project's model and workload unless it names its own.
TEST(ProjectFile, PublishedFiguresAreForTheProjectsRunUnlessTheyNameOne) {
  const fs::path file = scratch("claims-run.llmwb");
  std::ofstream(file) << R"({"format_version": 2, "kind": "project", "system": "memexplorer/p1d1", "model": "llama-3.3-70b",
    "workload": "osworld", "comparisons": ["gpu/h100x4"], "published": [
      {"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 2, "source": "x"},
      {"against": "gpu/h100x4", "metric": "ttft_s", "ratio": 3, "source": "y", "model": "qwen3-4b", "workload": "2K:1K"}]})";
  const auto p = readProject(file, test::presets());
  ASSERT_EQ(p.published.size(), 2u);
  EXPECT_EQ(p.published[0].model, "llama-3.3-70b");
  EXPECT_EQ(p.published[0].workload, "osworld");
  EXPECT_EQ(p.published[1].model, "qwen3-4b");
  EXPECT_EQ(p.published[1].workload, "2K:1K");
}

// `llmwb-cli compare`: the design at the project's options, each compared system at the largest
// decode batch it holds, and the published figures of this run matched to their rows.
TEST(ProjectComparison, AsTheWorkbenchTableHasIt) {
  const auto& lib = test::presets();
  Project p = readProject(defaultProjectPath(lib), lib);
  p.options.decodeBatch = 2;
  const auto c = compareProject(p, lib);
  EXPECT_EQ(c.design.id, "memexplorer/p1d1");
  EXPECT_EQ(c.design.result.decode.batch, 2);
  ASSERT_EQ(c.comparisons.size(), 2u);
  EXPECT_EQ(c.comparisons[0].id, "gpu/h100x4");
  EXPECT_EQ(c.comparisons[0].result.decode.batch, c.comparisons[0].result.decode.maxBatch);
  ASSERT_EQ(c.published.size(), 4u);
  ASSERT_EQ(c.against(c.published[0]), &c.comparisons[0]);
  // Fig. 8's caption gives only a direction: P1's TTFT above the H100's and the A100's. The model
  // agrees (docs/fidelity.md, "What the paper's Fig. 8 allows").
  for (const auto& claim : c.published) {
    if (claim.metric != ClaimMetric::Ttft) continue;
    EXPECT_FALSE(claim.ratio);
    EXPECT_EQ(claim.direction(), "worse");
    const auto* row = c.against(claim);
    ASSERT_TRUE(row) << claim.against;
    EXPECT_LT(*modelAdvantage(claim.metric, c.design.result, row->result), 1.0) << claim.against;
  }
  const std::string json = projectComparisonToJson(c);
  EXPECT_NE(json.find("\"paper_ratio\": 3.23"), std::string::npos) << json;
  EXPECT_NE(json.find("\"paper_direction\": \"worse\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"model_ratio\": 0."), std::string::npos) << json;
  // Not compared any more: the figure stays, matched to no row, with no model ratio.
  p.comparisons.erase(p.comparisons.begin());
  const auto without = compareProject(p, lib);
  EXPECT_EQ(without.against(without.published[0]), nullptr);
  EXPECT_NE(projectComparisonToJson(without).find("\"model_ratio\": null"), std::string::npos);
}

// The model's side of a published figure: the design's advantage in the metric's own direction.
TEST(PublishedClaim, ModelAdvantageReadsFromTheDesignsSide) {
  EvaluationResult design, baseline;
  design.prefill.tokensPerJoule = 2;
  baseline.prefill.tokensPerJoule = 8;
  design.decode.tbt = Seconds(0.01);
  baseline.decode.tbt = Seconds(0.03);
  EXPECT_DOUBLE_EQ(*modelAdvantage(ClaimMetric::PrefillTokensPerJoule, design, baseline), 0.25);
  EXPECT_DOUBLE_EQ(*modelAdvantage(ClaimMetric::Tbt, design, baseline), 3.0); // lower is better
  EXPECT_FALSE(modelAdvantage(ClaimMetric::DecodeTokensPerJoule, design, baseline)); // no figure
  baseline.feasible = false;
  EXPECT_FALSE(modelAdvantage(ClaimMetric::Tbt, design, baseline));
  for (const auto key : claimMetricKeys()) EXPECT_EQ(toString(*parseClaimMetric(key)), key);
  EXPECT_FALSE(parseClaimMetric("tokens/J"));
}

// A claim's direction comes from its ratio where it has one, else from what the paper says.
TEST(PublishedClaim, DirectionFromTheRatioOrThePaper) {
  PublishedClaim c;
  c.ratio = 3.23;
  c.better = false; // ignored beside a ratio
  EXPECT_EQ(c.direction(), "better");
  c.ratio = 0.5;
  EXPECT_EQ(c.direction(), "worse");
  c.ratio = 1.0;
  EXPECT_EQ(c.direction(), "same");
  c.ratio.reset();
  EXPECT_EQ(c.direction(), "worse");
  c.better = true;
  EXPECT_EQ(c.direction(), "better");
}

TEST(ProjectFile, VersionOneStillOpens) {
  const auto& lib = test::presets();
  const auto p = readProject(defaultProjectPath(lib), lib);
  EXPECT_EQ(p.system.preset, "memexplorer/p1d1");
  EXPECT_EQ(p.comparisons.size(), 2u);
}

} // namespace
} // namespace llmwb
