// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35: an engine defined in this folder alone, registered with one line
// (register_toy_engine.cpp), is listed, modelled, served with its own default scheduler and swept
// in a design space like the engines in the tree.
#include "core/dse/design_problem.h"
#include "core/engine/engine_registry.h"
#include "core/engine/evaluate.h"
#include "core/io/space_io.h"
#include "core/io/spec_writer.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace llmwb;

namespace {
const PresetLibrary& lib() { return test::presets(); }

SystemSpec onToy(const char* id) {
  auto s = lib().system(id);
  for (auto& g : s.groups) g.device.engine = "toy";
  return s;
}
} // namespace

TEST(ToyEngine, IsRegisteredAndOfferedForEveryComputeKind) {
  const auto* toy = engine::engines().find("toy");
  ASSERT_NE(toy, nullptr);
  EXPECT_EQ(toy->defaultScheduler, "chunked");
  for (const char* kind : {"gpu", "plena", "npusim", "snake"}) {
    bool offered = false;
    for (const auto* e : engine::engines().applicable(kind)) offered |= e->name == "toy";
    EXPECT_TRUE(offered) << kind;
  }
  EXPECT_NE(engine::engines().names().find("toy"), std::string::npos);
}

TEST(ToyEngine, EvaluatesAndNamesItselfAndWhatItDoesNotModel) {
  const auto system = onToy("gpu/h100");
  const auto r = evaluate(system, lib().model("llama-3.1-8b"), lib().workload("chat"));
  ASSERT_TRUE(r.feasible) << (r.problems.empty() ? "" : r.problems.front());
  EXPECT_EQ(r.devices.front().engine, "toy");
  EXPECT_EQ(r.prefill.engine, "toy");
  EXPECT_GT(r.prefill.ttft.value(), 0);
  EXPECT_GT(r.decode.tokensPerSecond, 0);
  EXPECT_TRUE(r.prefill.operators.empty());
  EXPECT_EQ(engine::notModelledText("toy", engine::ResultAspect::OperatorRows),
            "not modelled by the toy engine: a toy reports phase totals only");
  EXPECT_EQ(engine::notModelledText("toy", engine::ResultAspect::MemoryEnergy),
            "not modelled by the toy engine: it has no memory energy model");
}

TEST(ToyEngine, ServesWithItsDefaultScheduler) {
  const auto system = onToy("gpu/h100");
  EXPECT_EQ(serving::defaultScheduler(system), "chunked");
  serving::ServingConfig config;
  config.workload = lib().workload("chat");
  config.rate = 2;
  config.requests = 20;
  config.scheduler = serving::defaultScheduler(system);
  const auto served = serving::simulate(system, lib().model("llama-3.1-8b"), config);
  ASSERT_TRUE(served.feasible) << served.reason;
  EXPECT_EQ(served.completed, 20);
}

TEST(ToyEngine, IsAChoiceInADesignSpace) {
  const std::string text = R"({
    "format_version": 1, "kind": "design_space", "name": "engine choice",
    "system": "gpu/h100", "model": "llama-3.1-8b", "workload": "chat", "phases": "decode",
    "parameters": [{"name": "engine", "field": "device.engine", "values": ["gpu", "toy"]}],
    "objectives": [{"metric": "decode.tokens_per_s", "direction": "maximise", "reference": 0}]
  })";
  const auto problem = bindDesignSpace(parseDesignSpace(text, "engine-choice.json"), lib());
  ASSERT_EQ(problem.gridSize(), 2u);
  const auto gpu = problem.evaluate(problem.pointAt(0));
  const auto toy = problem.evaluate(problem.pointAt(1));
  ASSERT_TRUE(gpu.feasible && toy.feasible);
  EXPECT_GT(toy.objectives.front(), gpu.objectives.front()) << "the toy runs at the roofline, above the calibrated GPU";

  const std::string unknown = R"({
    "format_version": 1, "kind": "design_space", "name": "engine choice",
    "system": "gpu/h100", "model": "llama-3.1-8b", "workload": "chat",
    "parameters": [{"name": "engine", "field": "device.engine", "values": ["gpu", "no-such"]}],
    "objectives": [{"metric": "decode.tokens_per_s", "direction": "maximise", "reference": 0}]
  })";
  try {
    bindDesignSpace(parseDesignSpace(unknown, "engine-choice.json"), lib());
    FAIL() << "an unknown engine was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("toy"), std::string::npos) << "the message lists the known engines: " << e.what();
  }
}

// `llmwb-cli engines list`, run in-process (app/cli's commands).
namespace llmwb::cli {
int enginesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
}

TEST(ToyEngine, IsListedByTheCommandLine) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::enginesCommand({"list"}, out, err), 0);
  EXPECT_NE(out.str().find("toy           a test's engine"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("serves with chunked by default; ignores dma"), std::string::npos) << out.str();
  std::ostringstream json;
  ASSERT_EQ(cli::enginesCommand({"list", "--json"}, json, err), 0);
  EXPECT_NE(json.str().find("\"name\": \"toy\""), std::string::npos) << json.str();
}

// Issue 35: an engine's system-level settings are its own struct in its own folder
// (engine::settingsBlock): the system holds the toy's `toy` block without a member for it, a design
// space binds system.toy.max_batch, the model reads it, and the system's writer writes it.
TEST(ToyEngine, HasSystemSettingsOfItsOwn) {
  const std::string text = R"({
    "format_version": 1, "kind": "design_space", "name": "toy batch cap",
    "system": "gpu/h100", "model": "llama-3.1-8b", "workload": "chat", "phases": "decode",
    "parameters": [{"name": "engine", "field": "device.engine", "values": ["toy"]},
                   {"name": "cap", "field": "system.toy.max_batch", "values": [4, 16]}],
    "objectives": [{"metric": "decode.tokens_per_s", "direction": "maximise", "reference": 0}]
  })";
  const auto problem = bindDesignSpace(parseDesignSpace(text, "toy-cap.json"), lib());
  ASSERT_EQ(problem.gridSize(), 2u);
  const auto four = problem.evaluate(problem.pointAt(0));
  const auto sixteen = problem.evaluate(problem.pointAt(1));
  ASSERT_TRUE(four.feasible && sixteen.feasible);
  EXPECT_GT(sixteen.objectives.front(), 2 * four.objectives.front()) << "a larger batch cap, a larger decode batch";

  auto system = onToy("gpu/h100");
  const auto r = evaluate(system, lib().model("llama-3.1-8b"), lib().workload("chat"));
  ASSERT_GT(r.decode.batch, 4);
  const auto* toy = engine::engines().find("toy");
  ASSERT_EQ(toy->settings.size(), 1u);
  EXPECT_FALSE(toy->settings.front().present(system));
  toy->settings.front().add(system);
  toy->settings.front().fields().find("max_batch")->set(system, params::FieldValue(4.0));
  EXPECT_EQ(evaluate(system, lib().model("llama-3.1-8b"), lib().workload("chat")).decode.batch, 4);
  const std::string written = io::systemJsonText(system);
  EXPECT_NE(written.find("\"toy\""), std::string::npos) << written;
  EXPECT_NE(written.find("\"max_batch\": 4"), std::string::npos) << written;
}
