// SPDX-License-Identifier: GPL-3.0-or-later
// The disaggregated scheduler on heterogeneous systems (MemExplorer 5.5): a prefill split by layer
// kind served as one pool over both groups, a decode split into phases served as a chain of pools
// with the cache crossing the phase link between them.
#include "core/engine/engine_registry.h"
#include "core/engine/kv_handoff.h"
#include "core/io/json_reader.h"
#include "core/io/preset_library.h"
#include "core/io/readers.h"
#include "core/serving/serving.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace llmwb;
using nlohmann::json;

namespace {
const PresetLibrary& lib() { return test::presets(); }

json link(double gigabytesPerSecond) {
  return {{"name", "link"}, {"bandwidth_GBps", gigabytesPerSecond}, {"latency_us", 0}, {"energy_pJ_per_bit", 0}};
}

/// Attention and FFN prefill on `prefill`, the decode in two phases (split at `split`) on `decode`, 4 devices each.
json splitSystem(const std::string& prefill, const std::string& decode, double gigabytesPerSecond, double split = 0.5) {
  return {{"format_version", 1},
          {"kind", "system"},
          {"name", "split"},
          {"groups",
           {{{"device", prefill}, {"role", "prefill"}, {"layers", "attention"}, {"count", 4}},
            {{"device", prefill}, {"role", "prefill"}, {"layers", "ffn"}, {"count", 4}},
            {{"device", decode}, {"role", "decode"}, {"until_fraction", split}, {"count", 4}},
            {{"device", decode}, {"role", "decode"}, {"count", 4}}}},
          {"phase_link", link(gigabytesPerSecond)}};
}

/// The same devices as a plain prefill/decode pair.
json pairSystem(const std::string& prefill, const std::string& decode, double gigabytesPerSecond) {
  return {{"format_version", 1},
          {"kind", "system"},
          {"name", "pair"},
          {"groups",
           {{{"device", prefill}, {"role", "prefill"}, {"count", 4}}, {{"device", decode}, {"role", "decode"}, {"count", 4}}}},
          {"phase_link", link(gigabytesPerSecond)}};
}

SystemSpec read(const json& j) { return io::readSystem(io::JsonReader(j, "system.json"), "test/system", lib()); }

/// Requests far enough apart that each is served alone.
serving::ServingConfig alone(std::vector<long long> outputs, long long input = 2048) {
  serving::ServingConfig c;
  c.arrivals = serving::ArrivalProcess::Trace;
  c.scheduler = "disaggregated";
  c.memoiseSteps = false;
  for (std::size_t i = 0; i < outputs.size(); ++i) c.trace.push_back({Seconds(1000.0 * double(i)), input, outputs[i]});
  return c;
}
} // namespace

TEST(PdDisaggregation, OneDeviceEverywhereServesAsThePair) {
  // Over a link that costs nothing, attention and FFN on two groups of P1 and the decode in two
  // phases on D1 serve each request as the plain P1 + D1 pair does.
  const auto model = lib().model("llama-3.1-8b");
  const auto config = alone({256, 300, 17});
  const auto split = serving::simulate(read(splitSystem("memexplorer/p1", "memexplorer/d1", 1e6)), model, config);
  const auto pair = serving::simulate(read(pairSystem("memexplorer/p1", "memexplorer/d1", 1e6)), model, config);
  ASSERT_TRUE(split.feasible) << split.reason;
  ASSERT_TRUE(pair.feasible) << pair.reason;
  ASSERT_EQ(split.completed, 3);
  ASSERT_EQ(pair.completed, 3);
  for (std::size_t i = 0; i < 3; ++i) {
    const auto &a = split.records[i], &b = pair.records[i];
    EXPECT_NEAR(a.ttft().value(), b.ttft().value(), 1e-4 * b.ttft().value()) << i; // + 63 activation crossings of ~33 ns
    EXPECT_NEAR(a.e2e().value(), b.e2e().value(), 1e-4 * b.e2e().value()) << i;
  }
  EXPECT_EQ(split.decodeTokens, pair.decodeTokens);
  EXPECT_EQ(split.decodeTokens, 255.0 + 299.0 + 16.0);
  // Both prefill groups draw static power through the split pass: more energy than the pair's.
  EXPECT_GT(split.energy.value(), pair.energy.value());
  ASSERT_EQ(split.timeline.pools.size(), 3u);
  EXPECT_EQ(split.timeline.pools[0], "prefill");
  EXPECT_EQ(split.timeline.pools[1], "decode 0-50 %");
  EXPECT_EQ(split.timeline.pools[2], "decode 50-100 %");
}

TEST(PdDisaggregation, TheMoveBetweenDecodePhasesIsExposed) {
  // A slow phase link: the cache of the prompt and the first half of the output crosses it between
  // the phases, nothing overlapping it; the prompt's own hand-off is layered under the prefill.
  const auto model = lib().model("llama-3.1-8b");
  const auto config = alone({256});
  const auto slow = read(splitSystem("memexplorer/p1", "memexplorer/d1", 10));
  const auto a = serving::simulate(slow, model, config);
  const auto fast = read(splitSystem("memexplorer/p1", "memexplorer/d1", 1e6));
  const auto b = serving::simulate(fast, model, config);
  ASSERT_TRUE(a.feasible && b.feasible) << a.reason << b.reason;
  const auto early = engine::buildModel(slow, slow.groups[2], model, false);
  Workload shape;
  shape.inputTokens = 2048;
  shape.outputTokens = 256;
  const Bytes cache = early->sequenceFootprint(shape, 2048 + 128);
  const double move = (engine::handoffTime(cache, slow.phaseLink) - engine::handoffTime(cache, fast.phaseLink)).value();
  const auto &ra = a.records[0], &rb = b.records[0];
  EXPECT_NEAR((ra.finish - ra.firstToken).value() - (rb.finish - rb.firstToken).value(), move, 1e-6 * move);
  EXPECT_GT(move, 1e-3); // ~270 MB at 10 GB/s
}

TEST(PdDisaggregation, EveryTokenIsGeneratedOnceWhateverThePhases) {
  // Outputs too short for the early phase skip it (2 tokens at a 50 % split: the prefill's token
  // is the first half); one token ends at the prefill.
  const auto model = lib().model("llama-3.1-8b");
  const auto r = serving::simulate(read(splitSystem("memexplorer/p1", "memexplorer/d1", 450)), model, alone({1, 2, 3, 7}, 512));
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, 4);
  EXPECT_EQ(r.decodeTokens, 0.0 + 1.0 + 2.0 + 6.0);
  for (const auto& rec : r.records) EXPECT_GE(rec.finish.value(), rec.firstToken.value());
}

TEST(PdDisaggregation, TheExtremePresetServesUnderLoad) {
  // memexplorer/extreme (attention on Base, FFN on P1, both decode phases on Base) under Poisson
  // arrivals: every request served, the phases' pools on the timeline.
  serving::ServingConfig c;
  c.scheduler = "disaggregated";
  c.workload = lib().workload("osworld");
  c.workload.inputTokens = 8192;
  c.workload.outputTokens = 512;
  c.rate = 0.5;
  c.requests = 20;
  const auto system = lib().system("memexplorer/extreme");
  EXPECT_EQ(serving::defaultScheduler(system), "disaggregated");
  const auto r = serving::simulate(system, lib().model("llama-3.3-70b"), c);
  ASSERT_TRUE(r.feasible) << r.reason;
  EXPECT_EQ(r.completed, 20);
  EXPECT_GT(r.ttft.p50.value(), 0.0);
  EXPECT_GT(r.tbt.p50.value(), 0.0);
  EXPECT_GT(r.energyPerToken.value(), 0.0);
  EXPECT_EQ(r.timeline.pools.size(), 3u);
}

TEST(PdDisaggregation, OnePoolSchedulersRefuseAHeterogeneousSystemWithAReason) {
  serving::ServingConfig c;
  c.workload = lib().workload("osworld");
  c.requests = 4;
  c.scheduler = "continuous";
  const auto r = serving::simulate(lib().system("memexplorer/extreme"), lib().model("llama-3.3-70b"), c);
  EXPECT_FALSE(r.feasible);
  EXPECT_NE(r.reason.find("\"disaggregated\""), std::string::npos) << r.reason;
  EXPECT_EQ(serving::defaultScheduler(lib().system("memexplorer/p1d1")), "disaggregated");
  EXPECT_EQ(serving::defaultScheduler(lib().system("gpu/h100")), "continuous");
}
