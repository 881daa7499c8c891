// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/serving/serving_data.h"

#include "widgets/evaluation/evaluation_runner.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

double twoDigits(double v) {
  if (!(v > 0)) return v;
  const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1);
  return std::round(v / scale) * scale;
}
} // namespace

std::vector<double> defaultRates(double capacity) {
  if (!(capacity > 0)) return {0.25, 0.5, 1, 2, 4, 8};
  std::vector<double> rates;
  for (double share : {0.125, 0.25, 0.5, 0.75, 1.0, 1.25}) {
    const double r = twoDigits(capacity * share);
    if (rates.empty() || r > rates.back()) rates.push_back(r);
  }
  return rates;
}

std::string schedulerFor(const SystemSpec& system, const std::string& choice) {
  if (choice != ServingSettings::kAuto) return choice;
  return serving::defaultScheduler(system);
}

ServingRequest servingRequest(const ProjectResults& results, ServingSettings settings) {
  ServingRequest r;
  if (!results.request) return r;
  const auto& request = *results.request;
  r.systems.push_back(request.system);
  r.names.push_back(q(results.name));
  for (std::size_t i = 0; i < request.comparisons.size(); ++i) {
    r.systems.push_back(request.comparisons[i]);
    r.names.push_back(i < results.comparisonNames.size() ? q(results.comparisonNames[i]) : q(request.comparisons[i].name));
  }
  r.model = request.model;
  r.workload = request.workload;
  if (settings.rates.empty()) settings.rates = defaultRates(results.main ? results.main->endToEnd.requestsPerSecond : 0);
  r.settings = std::move(settings);
  const QString model = q(request.model.name.empty() ? request.model.id : request.model.name);
  const QString workload = q(request.workload.name.empty() ? request.workload.id : request.workload.name);
  r.title = workload.isEmpty() ? model : model + QStringLiteral(" · ") + workload;
  return r;
}

std::optional<std::vector<double>> parseRates(const QString& text, QString* error) {
  auto fail = [&](const QString& message) -> std::optional<std::vector<double>> {
    if (error) *error = message;
    return std::nullopt;
  };
  std::vector<double> rates;
  const QStringList words = text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
  for (const auto& w : words) {
    bool ok = false;
    const double v = w.toDouble(&ok);
    if (!ok || !std::isfinite(v)) return fail(QObject::tr("\"%1\" is not a number of requests per second").arg(w));
    if (v <= 0) return fail(QObject::tr("rates must be positive, got %1 req/s").arg(w));
    rates.push_back(v);
  }
  if (rates.empty()) return fail(QObject::tr("no rate given (requests per second, e.g. 0.5, 1, 2)"));
  if (rates.size() > 64) return fail(QObject::tr("at most 64 rates, got %1").arg(rates.size()));
  std::sort(rates.begin(), rates.end());
  rates.erase(std::unique(rates.begin(), rates.end()), rates.end());
  return rates;
}

QString formatRates(const std::vector<double>& rates) {
  QStringList words;
  for (double r : rates) words << QString::number(r, 'g', 4);
  return words.join(QStringLiteral(", "));
}

ServingSweep runServingSweep(const ServingRequest& request, const std::function<bool(double)>& progress) {
  ServingSweep sweep;
  sweep.title = request.title;
  sweep.settings = request.settings;
  serving::ServingConfig config;
  config.workload = request.workload;
  config.arrivals = serving::ArrivalProcess::Poisson;
  config.requests = request.settings.requests;
  config.seed = request.settings.seed;
  const auto& rates = request.settings.rates;
  const double runs = double(std::max<std::size_t>(1, request.systems.size() * rates.size()));
  double done = 0;
  bool cancelled = false;
  for (std::size_t s = 0; s < request.systems.size() && !cancelled; ++s) {
    ServingCurve curve;
    curve.system = s < request.names.size() ? request.names[s] : q(request.systems[s].name);
    curve.design = s == 0;
    config.scheduler = schedulerFor(request.systems[s], request.settings.scheduler);
    for (double rate : rates) {
      config.rate = rate;
      auto run = serving::simulate(request.systems[s], request.model, config, [&](double share) {
        cancelled = progress && !progress((done + std::clamp(share, 0.0, 1.0)) / runs);
        return !cancelled;
      });
      run.records.clear(); // thousands of records per run; the view shows the statistics
      run.records.shrink_to_fit();
      done += 1;
      if (run.cancelled || cancelled) {
        cancelled = true;
        break;
      }
      curve.runs.push_back(std::move(run));
      if (progress && !progress(done / runs)) {
        cancelled = true;
        break;
      }
    }
    sweep.curves.push_back(std::move(curve));
  }
  sweep.cancelled = cancelled;
  return sweep;
}

QString metricName(LatencyMetric metric) {
  switch (metric) {
  case LatencyMetric::Ttft: return QStringLiteral("TTFT");
  case LatencyMetric::Tbt: return QStringLiteral("TBT");
  case LatencyMetric::E2e: break;
  }
  return QStringLiteral("E2E");
}

QString metricStem(LatencyMetric metric) { return metricName(metric).toLower(); }

QString percentileName(LatencyPercentile p) { return p == LatencyPercentile::P50 ? QStringLiteral("p50") : QStringLiteral("p99"); }

const serving::Percentiles& statsOf(const serving::ServingResult& run, LatencyMetric metric) {
  return metric == LatencyMetric::Ttft ? run.ttft : metric == LatencyMetric::Tbt ? run.tbt : run.e2e;
}

double latencyOf(const serving::ServingResult& run, LatencyMetric metric, LatencyPercentile p) {
  const auto& stats = statsOf(run, metric);
  return (p == LatencyPercentile::P50 ? stats.p50 : stats.p99).value();
}

bool hasLatency(const serving::ServingResult& run) { return run.feasible && run.completed > 0; }

} // namespace llmwb::ui
