// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/published_claim.h"

#include <array>

namespace llmwb {

namespace {
struct MetricInfo {
  ClaimMetric metric;
  std::string_view key, shortName;
  bool higherIsBetter;
  double (*value)(const EvaluationResult&);
};

const std::array<MetricInfo, 7>& infos() {
  static const std::array<MetricInfo, 7> m = {{
      {ClaimMetric::PrefillTokensPerJoule, "prefill_tokens_per_J", "prefill tok/J", true,
       [](const EvaluationResult& r) { return r.prefill.tokensPerJoule; }},
      {ClaimMetric::DecodeTokensPerJoule, "decode_tokens_per_J", "decode tok/J", true,
       [](const EvaluationResult& r) { return r.decode.tokensPerJoule; }},
      {ClaimMetric::TokensPerJoule, "tokens_per_J", "tok/J", true, [](const EvaluationResult& r) { return r.endToEnd.tokensPerJoule; }},
      {ClaimMetric::Ttft, "ttft_s", "TTFT", false, [](const EvaluationResult& r) { return r.prefill.ttft.value(); }},
      {ClaimMetric::PrefillThroughput, "prefill_tokens_per_s", "prefill", true,
       [](const EvaluationResult& r) { return r.prefill.tokensPerSecond; }},
      {ClaimMetric::DecodeThroughput, "decode_tokens_per_s", "decode", true,
       [](const EvaluationResult& r) { return r.decode.tokensPerSecond; }},
      {ClaimMetric::Tbt, "tbt_s", "TBT", false, [](const EvaluationResult& r) { return r.decode.tbt.value(); }},
  }};
  return m;
}

const MetricInfo& info(ClaimMetric metric) { return infos().at(std::size_t(metric)); }
} // namespace

const std::vector<std::string_view>& claimMetricKeys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> k;
    for (const auto& i : infos()) k.push_back(i.key);
    return k;
  }();
  return keys;
}

std::string_view toString(ClaimMetric metric) { return info(metric).key; }

std::optional<ClaimMetric> parseClaimMetric(std::string_view key) {
  for (const auto& i : infos())
    if (i.key == key) return i.metric;
  return std::nullopt;
}

std::string_view shortName(ClaimMetric metric) { return info(metric).shortName; }

std::string_view PublishedClaim::direction() const {
  if (ratio) return *ratio > 1 ? "better" : *ratio < 1 ? "worse" : "same";
  return better ? "better" : "worse";
}

std::optional<double> modelAdvantage(ClaimMetric metric, const EvaluationResult& design, const EvaluationResult& baseline) {
  if (!design.feasible || !baseline.feasible) return std::nullopt;
  const auto& i = info(metric);
  const double mine = i.value(design), theirs = i.value(baseline);
  if (!(mine > 0) || !(theirs > 0)) return std::nullopt;
  return i.higherIsBetter ? mine / theirs : theirs / mine;
}

} // namespace llmwb
