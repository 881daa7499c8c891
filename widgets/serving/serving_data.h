// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Serving view shows: for the design and each comparison system, a serving run
// (core/serving/serving.h) at each request rate — latency percentiles against rate — and the
// timeline of one run. runServingSweep() does the work (on a worker thread in the window).

#include "core/model/model_spec.h"
#include "core/serving/serving.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llmwb::ui {

struct EvaluationRequest;
struct ProjectResults;

/// The controls row of the Serving view (and llmwb-export --serving).
struct ServingSettings {
  static constexpr const char* kAuto = "auto";
  /// serving::schedulerNames(), or "auto": disaggregated for disaggregated systems, continuous
  /// batching otherwise (schedulerFor).
  std::string scheduler = kAuto;
  std::vector<double> rates;            ///< requests per second; empty: from the design's throughput
  int requests = 200;                   ///< Poisson arrivals per run
  std::uint64_t seed = 1;
};

/// One system's runs, one per rate (request records dropped: the view needs the statistics).
struct ServingCurve {
  QString system;      ///< display name
  bool design = false; ///< the system under design; otherwise a comparison
  std::vector<serving::ServingResult> runs;
};

struct ServingSweep {
  QString title;            ///< "Llama 3.3 70B · OSWorld"
  ServingSettings settings; ///< with the rates used
  std::vector<ServingCurve> curves; ///< the design first, then the comparisons
  bool cancelled = false;
  bool empty() const { return curves.empty(); }
};

/// What to sweep: copies of the specs, so the worker shares nothing with the UI.
struct ServingRequest {
  std::vector<SystemSpec> systems; ///< the design first
  std::vector<QString> names;
  ModelSpec model;
  Workload workload;
  ServingSettings settings;
  QString title;
};

/// The scheduler a system is served with: `choice`, or for "auto" the one that uses all its groups.
std::string schedulerFor(const SystemSpec& system, const std::string& choice);

/// The design and its comparisons of `results`, with `settings`; empty rates become rates around
/// the design's steady-state request throughput (defaultRates).
ServingRequest servingRequest(const ProjectResults& results, ServingSettings settings);
/// 1/8, 1/4, 1/2, 3/4, 1 and 5/4 of `capacity` (req/s), two significant digits; a fixed ladder
/// when the capacity is unknown (zero).
std::vector<double> defaultRates(double capacity);
/// "0.5, 1, 2 4" -> {0.5, 1, 2, 4}: positive, increasing after sorting, at most 64; nullopt with
/// `error` saying what is wrong.
std::optional<std::vector<double>> parseRates(const QString& text, QString* error = nullptr);
QString formatRates(const std::vector<double>& rates);

/// Runs every system at every rate. `progress` gets the share done over the whole sweep; returning
/// false cancels: the sweep then has `cancelled` set and the runs done so far.
ServingSweep runServingSweep(const ServingRequest& request, const std::function<bool(double)>& progress = {});

enum class LatencyMetric { Ttft, Tbt, E2e };
enum class LatencyPercentile { P50, P99 };
QString metricName(LatencyMetric metric);          ///< "TTFT", "TBT", "E2E"
QString metricStem(LatencyMetric metric);          ///< "ttft", "tbt", "e2e"
QString percentileName(LatencyPercentile p);       ///< "p50", "p99"
const serving::Percentiles& statsOf(const serving::ServingResult& run, LatencyMetric metric);
/// The run's latency in seconds.
double latencyOf(const serving::ServingResult& run, LatencyMetric metric, LatencyPercentile p);
/// A run's latency is shown when the run was feasible and completed some requests.
bool hasLatency(const serving::ServingResult& run);

} // namespace llmwb::ui
