// SPDX-License-Identifier: GPL-3.0-or-later
// The serving documents carry the documented keys, with units.
#include "core/io/serving_json.h"

#include <gtest/gtest.h>

using namespace llmwb;
using namespace llmwb::serving;

TEST(ServingJson, HasTheDocumentedKeys) {
  ServingConfig config;
  config.workload.id = "chat";
  config.workload.inputTokens = 70;
  config.workload.outputTokens = 215;
  ServingResult r;
  r.system = "gpu/h100x4";
  r.requests = 3;
  r.completed = 3;
  r.makespan = Seconds(2.5);
  r.ttft = {Seconds(0.1), Seconds(0.09), Seconds(0.2), Seconds(0.3)};
  r.timeline.pools = {"aggregated"};
  r.timeline.samples.push_back({Seconds(0.0), 1, 2, {0.25, 0}});
  r.records.push_back({Seconds(0), Seconds(0.1), Seconds(1), 70, 215, 0, true});
  const auto text = servingToJson(r, config);
  for (const char* key : {"\"requests\": 3", "\"completed\": 3", "\"makespan_s\": 2.5", "\"throughput_tokens_per_s\"",
                          "\"ttft_s\": {", "\"tbt_s\": {", "\"e2e_s\": {", "\"p50\": 0.09", "\"p99\": 0.3",
                          "\"energy_per_token_j\"", "\"goodput_requests_per_s\"", "\"scheduler\": \"continuous\""})
    EXPECT_NE(text.find(key), std::string::npos) << key;
  EXPECT_EQ(text.find("\"timeline\""), std::string::npos);
  const auto withTimeline = servingToJson(r, config, true);
  EXPECT_NE(withTimeline.find("\"kv_occupancy\": [\n"), std::string::npos);
  EXPECT_NE(withTimeline.find("\"records\""), std::string::npos);
  const auto sweep = servingSweepToJson({r, r}, config, {1.0, 2.0});
  EXPECT_NE(sweep.find("\"kind\": \"serving_sweep\""), std::string::npos);
  EXPECT_NE(sweep.find("\"rate_requests_per_s\": 2.0"), std::string::npos);
}

TEST(ServingJson, TieredKvOccupancyOnlyWhenTheRunHasIt) {
  ServingConfig config;
  ServingResult r;
  r.timeline.pools = {"prefill", "decode"};
  TimelineSample s;
  s.kvOccupancy = {0.5, 0.25};
  s.sramKvOccupancy = {1.0, 0.75};
  s.hbmKvOccupancy = {0.125, 0.5};
  s.hbmKvSpilled = {0.0625, 0.0};
  r.timeline.samples.push_back(s);
  const auto plain = servingToJson(r, config, true);
  EXPECT_NE(plain.find("\"tiered_kv\": false"), std::string::npos);
  EXPECT_EQ(plain.find("kv_sram_blocks_used_fraction"), std::string::npos);
  r.timeline.tieredKv = true;
  r.timeline.sramKvBlocks = {0, 1200};
  r.timeline.sramKvBlockTokens = {16, 16};
  r.timeline.hbmKvRingTokens = {4500, 900000};
  const auto tiered = servingToJson(r, config, true, -1);
  for (const char* key : {"\"tiered_kv\":true", "\"kv_sram_blocks_used_fraction\":[1.0,0.75]",
                          "\"kv_hbm_ring_reserved_fraction\":[0.125,0.5]", "\"kv_hbm_ring_spilled_fraction\":[0.0625,0.0]",
                          "\"kv_sram_blocks\":[0,1200]", "\"kv_sram_block_tokens\":[16,16]", "\"kv_hbm_ring_tokens\":[4500,900000]"})
    EXPECT_NE(tiered.find(key), std::string::npos) << key;
}

// Issue 35: detail reports as JSON, whatever engine made them: one object per report, each table
// an array of objects keyed by the columns' keys, numbers as numbers.
#include "core/io/detail_report_json.h"

#include <nlohmann/json.hpp>

TEST(DetailReportJson, TablesBecomeArraysOfKeyedObjects) {
  llmwb::engine::DetailReport r;
  r.title = "Schedule";
  r.facts = {{"points", 2.0}};
  r.tables.push_back({.key = "rows", .title = "t", .columns = {{"name", "name"}, {"time_us", "time us", 2}}, .rows = {{std::string("a"), 1.5}}});
  const auto doc = nlohmann::json::parse(llmwb::io::detailReportsJson("sys", "mod", {{"2 x X", r}}));
  EXPECT_EQ(doc["system"], "sys");
  EXPECT_EQ(doc["model"], "mod");
  ASSERT_EQ(doc["reports"].size(), 1u);
  const auto& report = doc["reports"][0];
  EXPECT_EQ(report["group"], "2 x X");
  EXPECT_EQ(report["points"], 2.0);
  EXPECT_EQ(report["rows"][0]["name"], "a");
  EXPECT_EQ(report["rows"][0]["time_us"], 1.5);
}
