// SPDX-License-Identifier: GPL-3.0-or-later
// Serving commands: serve (one request-level simulation) and serve-sweep (latency against rate).
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/io/overrides.h"
#include "core/io/preset_library.h"
#include "core/io/serving_json.h"
#include "core/io/trace_reader.h"
#include "core/serving/scheduler.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace llmwb::cli {

namespace {

const std::vector<std::string> kValued{"system", "model", "workload", "rate", "requests", "trace", "scheduler",
                                       "chunk", "max-batch", "seed", "lengths", "memory", "ttft-limit",
                                       "tbt-limit", "presets", "set"};

double positiveNumber(const std::string& option, const std::string& text, const char* what) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v) || v <= 0)
    throw UsageError("--" + option + " expects " + what + ", got \"" + text + "\"");
  return v;
}

std::vector<double> rateList(const std::string& text) {
  std::vector<double> rates;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    rates.push_back(positiveNumber("rates", item, "positive request rates per second, e.g. 0.5,1,2"));
  for (const double r : rates)
    if (r < serving::kMinRequestRate || r > serving::kMaxRequestRate)
      throw UsageError("--rates expects request rates per second from 1e-06 to 1e+06, got " + std::to_string(r));
  if (rates.empty()) throw UsageError("--rates expects positive request rates per second, e.g. 0.5,1,2");
  return rates;
}

serving::LengthDistribution lengthsOf(const std::string& text) {
  using serving::LengthDistribution;
  for (const auto d : {LengthDistribution::Fixed, LengthDistribution::Exponential, LengthDistribution::Lognormal})
    if (serving::toString(d) == text) return d;
  throw UsageError("--lengths expects fixed, exponential or lognormal, got \"" + text + "\"");
}

/// The configuration from the options shared by serve and serve-sweep.
serving::ServingConfig configFrom(const Args& args, const PresetLibrary& lib, bool sweep) {
  serving::ServingConfig c;
  c.scheduler = args.value("scheduler").value_or("continuous");
  if (!serving::schedulers().find(c.scheduler))
    throw UsageError("--scheduler expects one of " + serving::schedulers().names() + ", got \"" + c.scheduler + "\"");
  if (const auto trace = args.value("trace")) {
    if (sweep) throw UsageError("serve-sweep draws Poisson arrivals at each rate; --trace is for serve");
    if (args.value("rate") || args.flag("burst") || args.value("requests"))
      throw UsageError("--trace gives the arrivals and lengths; leave out --rate, --burst and --requests");
    c.arrivals = serving::ArrivalProcess::Trace;
    c.trace = io::readTrace(*trace);
  } else {
    c.workload = lib.workload(args.required("workload"));
    if (args.value("rate") && args.flag("burst")) throw UsageError("give --rate or --burst, not both");
    if (const auto rate = args.value("rate")) {
      c.arrivals = serving::ArrivalProcess::Poisson;
      c.rate = positiveNumber("rate", *rate, "a positive number of requests per second");
      if (c.rate < serving::kMinRequestRate || c.rate > serving::kMaxRequestRate)
        throw UsageError("--rate expects requests per second from 1e-06 to 1e+06, got \"" + *rate + "\"");
    } else {
      c.arrivals = sweep ? serving::ArrivalProcess::Poisson : serving::ArrivalProcess::Burst;
    }
    c.requests = int(args.integer("requests", 1, 10'000'000).value_or(100));
    if (const auto lengths = args.value("lengths")) c.inputLengths = c.outputLengths = lengthsOf(*lengths);
  }
  c.chunkTokens = args.integer("chunk", 1, 1 << 24).value_or(c.chunkTokens);
  c.maxBatch = int(args.integer("max-batch", 1, 1 << 20).value_or(0));
  c.seed = std::uint64_t(args.integer("seed", 0, (1LL << 62)).value_or(1));
  if (const auto memory = args.value("memory")) {
    if (*memory == "wait") c.memory = serving::MemoryPolicy::Wait;
    else if (*memory == "preempt") c.memory = serving::MemoryPolicy::Preempt;
    else throw UsageError("--memory expects wait or preempt, got \"" + *memory + "\"");
  }
  if (const auto v = args.value("ttft-limit")) c.ttftLimit = Seconds(positiveNumber("ttft-limit", *v, "seconds"));
  if (const auto v = args.value("tbt-limit")) c.tbtLimit = Seconds(positiveNumber("tbt-limit", *v, "seconds"));
  return c;
}

void printLatency(std::ostream& out, const char* name, const serving::Percentiles& p, double scale) {
  out << name << fmt("%10.4g", p.mean.value() * scale) << fmt("%10.4g", p.p50.value() * scale)
      << fmt("%10.4g", p.p90.value() * scale) << fmt("%10.4g\n", p.p99.value() * scale);
}

void printResult(std::ostream& out, const serving::ServingResult& r, const serving::ServingConfig& c) {
  out << "serving " << r.model << " on " << r.system << ": " << r.scheduler << " scheduler, " << r.requests
      << " requests (" << serving::toString(c.arrivals);
  if (c.arrivals == serving::ArrivalProcess::Poisson) out << fmt(" at %.4g requests/s", c.rate);
  out << ")\n";
  if (!r.feasible) {
    out << "not feasible: " << r.reason << "\n";
    return;
  }
  out << "completed " << r.completed << " of " << r.requests << fmt(" in %.4g s", r.makespan.value()) << "\n";
  out << "                mean       p50       p90       p99\n";
  printLatency(out, "TTFT (s)  ", r.ttft, 1);
  printLatency(out, "TBT (ms)  ", r.tbt, 1e3);
  printLatency(out, "E2E (s)   ", r.e2e, 1);
  out << fmt("throughput: %.5g output tokens/s", r.outputTokensPerSecond)
      << fmt(", %.5g tokens/s in all", r.totalTokensPerSecond) << fmt(", %.4g requests/s\n", r.requestsPerSecond);
  if (c.ttftLimit.value() > 0 || c.tbtLimit.value() > 0)
    out << fmt("goodput: %.4g requests/s", r.goodput) << fmt(" (%.1f %% of requests within the limits)\n", 100 * r.goodputFraction);
  out << fmt("energy: %.4g J per output token", r.energyPerToken.value()) << fmt(" (%.4g kJ in all)\n", r.energy.value() / 1e3);
  for (const auto& w : r.warnings) out << "warning: " << w << "\n";
}

/// System and model of the run, with --set overrides applied (to the workload too).
std::pair<SystemSpec, ModelSpec> specsFrom(const Args& args, const PresetLibrary& lib, serving::ServingConfig& config) {
  OverrideTarget t{lib.system(args.required("system")), lib.model(args.required("model")), args.required("model"),
                   config.workload};
  applyOverrides(t, args.values("set"), lib);
  config.workload = t.workload;
  return {std::move(t.system), std::move(t.model)};
}

} // namespace

int serveCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, kValued, {"burst", "json", "timeline"});
  const auto lib = libraryFor(args);
  auto config = configFrom(args, lib, false);
  const auto [system, model] = specsFrom(args, lib, config);
  if (!args.value("scheduler")) config.scheduler = serving::defaultScheduler(system);
  const auto r = serving::simulate(system, model, config);
  if (args.flag("json")) out << servingToJson(r, config, args.flag("timeline")) << "\n";
  else printResult(out, r, config);
  return 0;
}

int serveSweepCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  auto valued = kValued;
  valued.push_back("rates");
  const Args args(words, valued, {"json"});
  const auto lib = libraryFor(args);
  if (args.value("rate")) throw UsageError("serve-sweep takes --rates R1,R2,...");
  const auto rates = rateList(args.required("rates"));
  auto config = configFrom(args, lib, true);
  const auto [system, model] = specsFrom(args, lib, config);
  if (!args.value("scheduler")) config.scheduler = serving::defaultScheduler(system);
  const auto results = serving::sweepRates(system, model, config, rates);
  if (args.flag("json")) {
    out << servingSweepToJson(results, config, rates) << "\n";
    return 0;
  }
  out << "rate req/s  completed   TTFT mean s    TTFT p99 s   TBT mean ms    TBT p99 ms    E2E mean s     E2E p99 s   "
         "output tok/s\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    out << fmt("%10.4g", rates[i]);
    if (!r.feasible) {
      out << "  not feasible: " << r.reason << "\n";
      continue;
    }
    out << fmt("  %9.0f", r.completed) << fmt("  %12.4g", r.ttft.mean.value()) << fmt("  %12.4g", r.ttft.p99.value())
        << fmt("  %12.4g", r.tbt.mean.value() * 1e3) << fmt("  %12.4g", r.tbt.p99.value() * 1e3)
        << fmt("  %12.4g", r.e2e.mean.value()) << fmt("  %12.4g", r.e2e.p99.value())
        << fmt("  %13.5g\n", r.outputTokensPerSecond);
  }
  return 0;
}

} // namespace llmwb::cli
