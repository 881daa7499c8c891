// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/requests.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace llmwb::serving {

namespace {
long long drawLength(LengthDistribution d, double mean, double sigma, std::mt19937_64& rng) {
  double x = mean;
  switch (d) {
  case LengthDistribution::Fixed: break;
  case LengthDistribution::Exponential: x = std::exponential_distribution<double>(1.0 / mean)(rng); break;
  case LengthDistribution::Lognormal:
    // mean of a lognormal: exp(mu + sigma^2 / 2)
    x = std::lognormal_distribution<double>(std::log(mean) - sigma * sigma / 2, sigma)(rng);
    break;
  }
  return static_cast<long long>(std::clamp(std::round(x), 1.0, 1e9));
}
} // namespace

std::vector<RequestSpec> generateRequests(const ServingConfig& config) {
  std::vector<RequestSpec> out;
  if (config.arrivals == ArrivalProcess::Trace) {
    out = config.trace;
    std::stable_sort(out.begin(), out.end(), [](const RequestSpec& a, const RequestSpec& b) { return a.arrival < b.arrival; });
    return out;
  }
  std::mt19937_64 rng(config.seed);
  const double inMean = double(std::max(1LL, config.workload.inputTokens));
  const double outMean = double(std::max(1LL, config.workload.outputTokens));
  const double sigma = std::max(0.0, config.lengthSigma);
  std::exponential_distribution<double> gap(config.rate > 0 ? config.rate : 1.0);
  double t = 0;
  out.reserve(std::size_t(std::max(0, config.requests)));
  for (int i = 0; i < config.requests; ++i) {
    if (config.arrivals == ArrivalProcess::Poisson) t += gap(rng);
    RequestSpec r;
    r.arrival = Seconds(t);
    r.inputTokens = drawLength(config.inputLengths, inMean, sigma, rng);
    r.outputTokens = drawLength(config.outputLengths, outMean, sigma, rng);
    out.push_back(r);
  }
  return out;
}

} // namespace llmwb::serving
