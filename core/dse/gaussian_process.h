// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A Gaussian-process regression surrogate (Rasmussen & Williams 2006, ch. 2 and 5): Matern 5/2
// kernel with one length scale per input (ARD), outputs standardised, hyper-parameters by
// maximum marginal likelihood, or maximum a posteriori with log-normal priors (NLopt L-BFGS with
// the analytic gradient, seeded restarts).
// Eigen stays in the .cpp.

#include <cstdint>
#include <memory>
#include <vector>

namespace llmwb::dse {

/// In standardised output units (the GP works on (y - mean) / std).
struct GpHyperparameters {
  std::vector<double> lengthScales; ///< one per input dimension
  double signalVariance = 1.0;
  double noiseVariance = 1e-6;
};

struct GpPrediction {
  double mean = 0;
  double variance = 0; ///< of the latent function (noise not included)
};

struct GpOptions {
  std::uint64_t seed = 1;
  int restarts = 2;          ///< random starting points besides the given or default one
  int maxEvaluations = 150;  ///< likelihood evaluations per start
  double minLengthScale = 0.02, maxLengthScale = 20.0;
  double minNoiseVariance = 1e-6, maxNoiseVariance = 0.2;
  /// Maximum a posteriori instead of maximum likelihood: log-normal priors on every length scale
  /// (log l ~ N(lengthScaleLogMean, lengthScaleLogSd^2)) and on the noise variance. Few data and
  /// many inputs otherwise give length scales fitted to noise.
  bool priors = false;
  double lengthScaleLogMean = 0, lengthScaleLogSd = 1;
  double noiseLogMean = -4, noiseLogSd = 1;
  /// A linear prior mean over the last `linearMeanInputs` inputs (0: constant mean), fitted by
  /// ridge regression (penalty `linearMeanRidge` on standardised outputs) before the kernel's
  /// hyper-parameters, the GP modelling what it leaves: a stationary kernel reverts to the mean
  /// away from the data, a trend in physically meaningful inputs carries on.
  std::size_t linearMeanInputs = 0;
  double linearMeanRidge = 0.1;
  /// The dimension-scaled length-scale prior of Hvarfner, Hellsten & Nardi (ICML 2024, "Vanilla
  /// Bayesian optimization performs great in high dimensions"), BoTorch's default since 0.12:
  /// log l ~ N(sqrt(2) + log(d) / 2, 3) for d inputs in the unit cube; noise log-normal(-4, 1).
  static GpOptions withDimensionScaledPriors(std::size_t inputs);
};

class GaussianProcess {
public:
  GaussianProcess();
  ~GaussianProcess();
  GaussianProcess(GaussianProcess&&) noexcept;
  GaussianProcess& operator=(GaussianProcess&&) noexcept;

  /// Fits the hyper-parameters, starting from `start` when given, and conditions on the data.
  /// Throws std::invalid_argument for no data or inputs of different dimension.
  void fit(const std::vector<std::vector<double>>& x, const std::vector<double>& y, const GpOptions& options = {},
           const GpHyperparameters* start = nullptr);
  /// Conditions on the data with fixed hyper-parameters.
  void condition(const std::vector<std::vector<double>>& x, const std::vector<double>& y, const GpHyperparameters& h);

  GpPrediction predict(const std::vector<double>& x) const; ///< in the units of y
  /// The same for many inputs at once: one triangular solve with every input as a right-hand side
  /// and vectorised kernels, several times faster than one predict() per input.
  std::vector<GpPrediction> predictMany(const std::vector<std::vector<double>>& xs) const;
  const GpHyperparameters& hyperparameters() const;
  /// Log marginal likelihood of the standardised data at the current hyper-parameters.
  double logMarginalLikelihood() const;

private:
  struct Impl;
  std::unique_ptr<Impl> mImpl;
};

} // namespace llmwb::dse
