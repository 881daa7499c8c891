// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Named result metrics that objectives and constraints refer to ("decode.tokens_per_s", "tdp_W").
// Each reads one number from an EvaluationResult; keys carry their unit as preset keys do.

#include "core/engine/result.h"

#include <optional>
#include <string>
#include <vector>

namespace llmwb::dse {

struct Metric {
  std::string name;  ///< "decode.tokens_per_s"
  std::string title; ///< what it is, without its unit: "decode throughput at the largest batch that fits"
  std::string unit;  ///< "tokens/s", "s", "W", "mm²"; empty for a count
  std::string note;  ///< what else to know, for descriptions, never on an axis: "(0: none)"
  /// The value, or nothing when the result does not have it (a phase not evaluated or infeasible).
  std::optional<double> (*read)(const EvaluationResult&) = nullptr;
  /// Read from the device summaries alone (TDP, shoreline, capacities, area): known from the
  /// design without running the engine (DesignProblem::hardwareValues).
  bool hardware = false;
  /// One line: title, unit and note ("decode throughput at the largest batch that fits, tokens/s").
  std::string description() const { return title + (unit.empty() ? "" : ", " + unit) + (note.empty() ? "" : " " + note); }
};

/// Every metric the engine provides, in a fixed order.
const std::vector<Metric>& builtinMetrics();
/// nullptr when there is no metric of that name.
const Metric* findMetric(const std::string& name);
/// "a, b, c": for messages naming what is known.
std::string metricNames();

} // namespace llmwb::dse
