// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A figure a paper publishes for a design against a baseline (the design's advantage), kept in a
// project beside the comparison it refers to, so the workbench shows the model's own ratio next to
// the paper's (docs/project-format.md, "published").

#include "core/engine/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb {

/// What a published ratio compares; each is the design's advantage (> 1: the design is better).
enum class ClaimMetric {
  PrefillTokensPerJoule, ///< prefill tokens per joule, design / baseline
  DecodeTokensPerJoule,  ///< decode tokens per joule, design / baseline
  TokensPerJoule,        ///< end-to-end generated tokens per joule, design / baseline
  Ttft,                  ///< time to first token, baseline / design
  PrefillThroughput,     ///< prefill tokens per second, design / baseline
  DecodeThroughput,      ///< decode tokens per second, design / baseline
  Tbt,                   ///< time between tokens, baseline / design
};

/// The metrics' keys as a project writes them ("prefill_tokens_per_J", ...), in enum order.
const std::vector<std::string_view>& claimMetricKeys();
std::string_view toString(ClaimMetric metric);
std::optional<ClaimMetric> parseClaimMetric(std::string_view key);
/// "prefill tok/J", "TTFT", ...: how tables and labels name the metric.
std::string_view shortName(ClaimMetric metric);

struct PublishedClaim {
  std::string against; ///< the compared system's preset id (SystemSpec::id of a comparison)
  ClaimMetric metric = ClaimMetric::TokensPerJoule;
  /// The published advantage of the design (> 0; > 1: better); none where the paper states only
  /// the direction, as a caption's "remains higher than the H100" does.
  std::optional<double> ratio;
  std::string source;  ///< where the paper says it ("MemExplorer (seed 000) abstract")
  /// The model and workload the figure is for (preset ids, files or "IN:OUT", as a project names
  /// them); it is shown only while the project runs them.
  std::string model, workload;
  bool better = true; ///< the direction where there is no ratio (a ratio gives its own)
  /// Why the model's figure differs from the paper's, with the documentation's section ("docs/
  /// fidelity.md, ..."); shown beside the claim, not only in a tooltip. Empty: none.
  std::string note;

  /// "better" or "worse" ("same" for a ratio of 1): the ratio's direction where there is one.
  std::string_view direction() const;
};

/// The model's own advantage of `design` over `baseline` on `metric`; none when either does not
/// run or has no such figure.
std::optional<double> modelAdvantage(ClaimMetric metric, const EvaluationResult& design, const EvaluationResult& baseline);

} // namespace llmwb
