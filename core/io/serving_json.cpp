// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/serving_json.h"

#include <nlohmann/json.hpp>

namespace llmwb {

using nlohmann::json;

namespace {

json percentiles(const serving::Percentiles& p) {
  return {{"mean", p.mean.value()}, {"p50", p.p50.value()}, {"p90", p.p90.value()}, {"p99", p.p99.value()},
          {"min", p.min.value()}};
}

json configJson(const serving::ServingConfig& c) {
  json doc{{"scheduler", c.scheduler},
           {"arrivals", std::string(serving::toString(c.arrivals))},
           {"memory_policy", std::string(serving::toString(c.memory))},
           {"chunk_tokens", c.chunkTokens},
           {"max_batch", c.maxBatch},
           {"seed", c.seed}};
  if (c.arrivals == serving::ArrivalProcess::Poisson) doc["rate_requests_per_s"] = c.rate;
  if (c.arrivals != serving::ArrivalProcess::Trace)
    doc["workload"] = {{"id", c.workload.id},
                       {"input_tokens", c.workload.inputTokens},
                       {"output_tokens", c.workload.outputTokens},
                       {"input_lengths", std::string(serving::toString(c.inputLengths))},
                       {"output_lengths", std::string(serving::toString(c.outputLengths))}};
  if (c.ttftLimit.value() > 0) doc["ttft_limit_s"] = c.ttftLimit.value();
  if (c.tbtLimit.value() > 0) doc["tbt_limit_s"] = c.tbtLimit.value();
  return doc;
}

json resultJson(const serving::ServingResult& r) {
  json doc{{"feasible", r.feasible},
           {"requests", r.requests},
           {"completed", r.completed},
           {"makespan_s", r.makespan.value()},
           {"throughput_tokens_per_s", r.outputTokensPerSecond},
           {"total_tokens_per_s", r.totalTokensPerSecond},
           {"requests_per_s", r.requestsPerSecond},
           {"goodput_requests_per_s", r.goodput},
           {"goodput_fraction", r.goodputFraction},
           {"ttft_s", percentiles(r.ttft)},
           {"tbt_s", percentiles(r.tbt)},
           {"e2e_s", percentiles(r.e2e)},
           {"energy_j", r.energy.value()},
           {"energy_per_token_j", r.energyPerToken.value()},
           {"mean_requests_in_system", r.meanInSystem},
           {"decode_tokens_per_s", r.decodeTokensPerSecond()},
           {"steps", r.steps},
           {"engine_calls", r.engineCalls}};
  if (!r.feasible) doc["reason"] = r.reason;
  if (r.cancelled) doc["cancelled"] = true;
  if (!r.warnings.empty()) doc["warnings"] = r.warnings;
  return doc;
}

} // namespace

std::string servingToJson(const serving::ServingResult& result, const serving::ServingConfig& config, bool withTimeline,
                          int indent) {
  json doc{{"format_version", 1}, {"kind", "serving"}, {"system", result.system}, {"model", result.model}};
  doc["config"] = configJson(config);
  doc.update(resultJson(result));
  if (withTimeline) {
    json samples = json::array();
    for (const auto& s : result.timeline.samples) {
      json kv = json::array(), sram = json::array(), hbm = json::array(), spilled = json::array();
      for (std::size_t i = 0; i < result.timeline.pools.size() && i < s.kvOccupancy.size(); ++i) {
        kv.push_back(s.kvOccupancy[i]);
        sram.push_back(s.sramKvOccupancy[i]);
        hbm.push_back(s.hbmKvOccupancy[i]);
        spilled.push_back(s.hbmKvSpilled[i]);
      }
      json sample{{"time_s", s.time.value()}, {"queued", s.queued}, {"running", s.running}, {"kv_occupancy", kv}};
      if (result.timeline.tieredKv) {
        sample["kv_sram_blocks_used_fraction"] = sram;
        sample["kv_hbm_ring_reserved_fraction"] = hbm;
        sample["kv_hbm_ring_spilled_fraction"] = spilled;
      }
      samples.push_back(sample);
    }
    const auto& t = result.timeline;
    doc["timeline"] = {{"pools", t.pools}, {"tiered_kv", t.tieredKv}, {"samples", samples}};
    if (t.tieredKv) {
      json blocks = json::array(), blockTokens = json::array(), ring = json::array();
      for (std::size_t i = 0; i < t.pools.size() && i < t.sramKvBlocks.size(); ++i) {
        blocks.push_back(t.sramKvBlocks[i]);
        blockTokens.push_back(t.sramKvBlockTokens[i]);
        ring.push_back(t.hbmKvRingTokens[i]);
      }
      doc["timeline"]["kv_sram_blocks"] = blocks;
      doc["timeline"]["kv_sram_block_tokens"] = blockTokens;
      doc["timeline"]["kv_hbm_ring_tokens"] = ring;
    }
    json records = json::array();
    for (const auto& q : result.records)
      records.push_back({{"arrival_s", q.arrival.value()},
                         {"input_tokens", q.inputTokens},
                         {"output_tokens", q.outputTokens},
                         {"completed", q.completed},
                         {"ttft_s", q.ttft().value()},
                         {"tbt_s", q.tbt().value()},
                         {"e2e_s", q.e2e().value()},
                         {"preemptions", q.preemptions}});
    doc["records"] = records;
  }
  return doc.dump(indent);
}

std::string servingSweepToJson(const std::vector<serving::ServingResult>& results, const serving::ServingConfig& config,
                               const std::vector<double>& rates, int indent) {
  json doc{{"format_version", 1}, {"kind", "serving_sweep"}};
  if (!results.empty()) {
    doc["system"] = results.front().system;
    doc["model"] = results.front().model;
  }
  doc["config"] = configJson(config);
  json points = json::array();
  for (std::size_t i = 0; i < results.size() && i < rates.size(); ++i) {
    json p{{"rate_requests_per_s", rates[i]}};
    p.update(resultJson(results[i]));
    points.push_back(p);
  }
  doc["points"] = points;
  return doc.dump(indent);
}

} // namespace llmwb
