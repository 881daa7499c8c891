// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/gaussian_process.h"

#include <Eigen/Cholesky>
#include <Eigen/Dense>
#include <nlopt.hpp>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <stdexcept>

namespace llmwb::dse {

namespace {
using Eigen::MatrixXd;
using Eigen::VectorXd;

/// Eigen sizes are signed, the std containers' unsigned: one conversion, in one place.
Eigen::Index idx(std::size_t n) { return static_cast<Eigen::Index>(n); }

const double kSqrt5 = std::sqrt(5.0);

/// Matern 5/2 at scaled distance r, given decay = exp(-sqrt(5) r).
double matern52(double r, double decay) { return (1.0 + kSqrt5 * r + 5.0 * r * r / 3.0) * decay; }
double matern52(double r) { return matern52(r, std::exp(-kSqrt5 * r)); }
} // namespace

struct GaussianProcess::Impl {
  MatrixXd x;          ///< n x d inputs
  VectorXd y;          ///< standardised outputs
  double yMean = 0, yScale = 1;
  GpHyperparameters h;
  Eigen::LLT<MatrixXd> chol;
  VectorXd alpha;      ///< K^-1 y
  MatrixXd xScaled;    ///< x divided by the length scales (predictMany's distances)
  VectorXd xNorms;     ///< squared row norms of xScaled
  double lml = 0;
  std::optional<GpOptions> priors; ///< MAP with these options' priors; none: maximum likelihood
  Eigen::Index trendFrom = 0;      ///< first input of the linear mean
  VectorXd trendCentre, trend;     ///< its inputs' means and coefficients (standardised units)

  /// Fits the linear mean over inputs trendFrom.. and leaves y its residuals.
  void fitTrend(std::size_t inputs, double ridge) {
    trend.resize(0);
    const Eigen::Index k = std::min<Eigen::Index>(idx(inputs), x.cols());
    trendFrom = x.cols() - k;
    if (k == 0) return;
    const MatrixXd a = x.rightCols(k).rowwise() - x.rightCols(k).colwise().mean();
    trendCentre = x.rightCols(k).colwise().mean().transpose();
    MatrixXd normal = a.transpose() * a;
    normal.diagonal().array() += ridge;
    trend = normal.ldlt().solve(a.transpose() * y);
    y -= a * trend;
  }
  /// The linear mean at an input (standardised units).
  double trendAt(const std::vector<double>& q) const {
    double t = 0;
    for (Eigen::Index j = 0; j < trend.size(); ++j) t += trend(j) * (q[std::size_t(trendFrom + j)] - trendCentre(j));
    return t;
  }

  /// Inputs divided by the length scales, so kernel distances are plain Euclidean ones.
  MatrixXd scaled(const std::vector<double>& lengthScales) const {
    MatrixXd xs = x;
    for (std::size_t j = 0; j < lengthScales.size(); ++j) xs.col(idx(j)) /= lengthScales[j];
    return xs;
  }

  /// The kernel matrix; with `pairs`, every pair's distance r (lower triangle) and exp(-sqrt(5) r)
  /// (upper triangle) kept for the likelihood's gradient, which needs both again.
  static MatrixXd kernel(const MatrixXd& xs, double signal, double noise, MatrixXd* pairs = nullptr) {
    const Eigen::Index n = xs.rows();
    MatrixXd k(n, n);
    if (pairs) pairs->resize(n, n);
    for (Eigen::Index a = 0; a < n; ++a) {
      k(a, a) = signal + noise;
      for (Eigen::Index b = 0; b < a; ++b) {
        const double r = (xs.row(a) - xs.row(b)).norm();
        const double decay = std::exp(-kSqrt5 * r);
        k(a, b) = k(b, a) = signal * matern52(r, decay);
        if (pairs) {
          (*pairs)(a, b) = r;
          (*pairs)(b, a) = decay;
        }
      }
    }
    return k;
  }

  /// Negative log marginal likelihood (minus the log priors, when given) and its gradient in
  /// log-parameters theta = (log l_1..l_d, log signal variance, log noise variance).
  double objective(const std::vector<double>& theta, std::vector<double>* gradient) const {
    double value = likelihoodObjective(theta, gradient);
    if (!priors || value >= 1e30) return value;
    const std::size_t d = std::size_t(x.cols());
    // A log-normal prior on a parameter is a normal one on its logarithm, which theta holds.
    auto normal = [&](std::size_t i, double mean, double sd) {
      const double z = (theta[i] - mean) / sd;
      value += 0.5 * z * z;
      if (gradient) (*gradient)[i] += z / sd;
    };
    for (std::size_t j = 0; j < d; ++j) normal(j, priors->lengthScaleLogMean, priors->lengthScaleLogSd);
    normal(d + 1, priors->noiseLogMean, priors->noiseLogSd);
    return value;
  }

  double likelihoodObjective(const std::vector<double>& theta, std::vector<double>* gradient) const {
    const std::size_t n = std::size_t(x.rows()), d = std::size_t(x.cols());
    std::vector<double> ls(d);
    for (std::size_t j = 0; j < d; ++j) ls[j] = std::exp(theta[j]);
    const double s2 = std::exp(theta[d]), noise = std::exp(theta[d + 1]);
    const MatrixXd xs = scaled(ls);
    MatrixXd pairs;
    Eigen::LLT<MatrixXd> llt(kernel(xs, s2, noise, gradient ? &pairs : nullptr));
    if (llt.info() != Eigen::Success) return 1e30;
    const VectorXd a = llt.solve(y);
    const MatrixXd& l = llt.matrixLLT();
    double logDet = 0;
    for (Eigen::Index i = 0; i < idx(n); ++i) logDet += 2.0 * std::log(l(i, i));
    const double nll = 0.5 * y.dot(a) + 0.5 * logDet + 0.5 * double(n) * std::log(2.0 * std::numbers::pi);
    if (gradient) {
      // d(nll)/d(theta) = -1/2 tr((a a^T - K^-1) dK/dtheta)
      const MatrixXd w = a * a.transpose() - llt.solve(MatrixXd::Identity(idx(n), idx(n)));
      gradient->assign(d + 2, 0.0);
      // Rows contiguous, so the loop over dimensions runs over adjacent values.
      const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows = xs;
      double* g = gradient->data();
      for (Eigen::Index p = 0; p < idx(n); ++p)
        for (Eigen::Index q = 0; q < p; ++q) {
          const double r = pairs(p, q);
          const double e = pairs(q, p);
          const double common = s2 * (5.0 / 3.0) * (1.0 + kSqrt5 * r) * e; // dk/dlog l_j = common * (d_j/l_j)^2
          const double weight = w(p, q) * common;
          const double* xp = rows.row(p).data();
          const double* xq = rows.row(q).data();
          for (std::size_t j = 0; j < d; ++j) {
            const double dj = xp[j] - xq[j];
            g[j] -= weight * dj * dj; // both (p,q) and (q,p): factor 2 x 1/2
          }
          (*gradient)[d] -= w(p, q) * s2 * matern52(r, e);
        }
      for (Eigen::Index p = 0; p < idx(n); ++p) {
        (*gradient)[d] -= 0.5 * w(p, p) * s2;
        (*gradient)[d + 1] -= 0.5 * w(p, p) * noise;
      }
    }
    return nll;
  }

  void conditionOn(const GpHyperparameters& hyper) {
    h = hyper;
    xScaled = scaled(h.lengthScales);
    xNorms = xScaled.rowwise().squaredNorm();
    const std::size_t n = std::size_t(x.rows());
    MatrixXd k = kernel(scaled(h.lengthScales), h.signalVariance, h.noiseVariance);
    chol.compute(k);
    double jitter = 1e-10;
    while (chol.info() != Eigen::Success && jitter < 1.0) {
      k.diagonal().array() += jitter;
      chol.compute(k);
      jitter *= 10;
    }
    alpha = chol.solve(y);
    double logDet = 0;
    for (Eigen::Index i = 0; i < idx(n); ++i) logDet += 2.0 * std::log(chol.matrixLLT()(i, i));
    lml = -0.5 * y.dot(alpha) - 0.5 * logDet - 0.5 * double(n) * std::log(2.0 * std::numbers::pi);
  }

  void setData(const std::vector<std::vector<double>>& xs, const std::vector<double>& ys) {
    if (xs.empty() || xs.size() != ys.size()) throw std::invalid_argument("a Gaussian process needs as many outputs as inputs, and some");
    const std::size_t d = xs.front().size();
    x.resize(idx(xs.size()), idx(d));
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (xs[i].size() != d) throw std::invalid_argument("Gaussian-process inputs of different dimension");
      for (std::size_t j = 0; j < d; ++j) x(idx(i), idx(j)) = xs[i][j];
    }
    double mean = 0;
    for (double v : ys) mean += v;
    mean /= double(ys.size());
    double var = 0;
    for (double v : ys) var += (v - mean) * (v - mean);
    var /= double(ys.size());
    yMean = mean;
    yScale = var > 0 ? std::sqrt(var) : 1.0;
    y.resize(idx(ys.size()));
    for (std::size_t i = 0; i < ys.size(); ++i) y(idx(i)) = (ys[i] - yMean) / yScale;
  }
};

GaussianProcess::GaussianProcess() : mImpl(std::make_unique<Impl>()) {}
GaussianProcess::~GaussianProcess() = default;
GaussianProcess::GaussianProcess(GaussianProcess&&) noexcept = default;
GaussianProcess& GaussianProcess::operator=(GaussianProcess&&) noexcept = default;

void GaussianProcess::condition(const std::vector<std::vector<double>>& x, const std::vector<double>& y, const GpHyperparameters& h) {
  mImpl->setData(x, y);
  mImpl->trend.resize(0);
  if (h.lengthScales.size() != x.front().size()) throw std::invalid_argument("one length scale per input dimension expected");
  mImpl->conditionOn(h);
}

GpOptions GpOptions::withDimensionScaledPriors(std::size_t inputs) {
  GpOptions o;
  o.priors = true;
  o.lengthScaleLogMean = std::numbers::sqrt2 + 0.5 * std::log(double(std::max<std::size_t>(1, inputs)));
  o.lengthScaleLogSd = std::sqrt(3.0);
  o.noiseLogMean = -4;
  o.noiseLogSd = 1;
  o.maxLengthScale = 1000; // the prior's mode is ~18 at d = 20: room on both sides of it
  return o;
}

void GaussianProcess::fit(const std::vector<std::vector<double>>& x, const std::vector<double>& y, const GpOptions& options,
                          const GpHyperparameters* start) {
  mImpl->setData(x, y);
  mImpl->fitTrend(options.linearMeanInputs, options.linearMeanRidge);
  mImpl->priors.reset();
  if (options.priors) mImpl->priors = options;
  const std::size_t d = x.front().size();
  std::vector<double> lower(d + 2), upper(d + 2);
  for (std::size_t j = 0; j < d; ++j) {
    lower[j] = std::log(options.minLengthScale);
    upper[j] = std::log(options.maxLengthScale);
  }
  lower[d] = std::log(0.05);
  upper[d] = std::log(20.0);
  lower[d + 1] = std::log(options.minNoiseVariance);
  upper[d + 1] = std::log(options.maxNoiseVariance);

  std::vector<std::vector<double>> starts;
  std::vector<double> first(d + 2);
  const double firstLengthScale = options.priors ? std::exp(options.lengthScaleLogMean) : 0.5; // the prior's mode
  for (std::size_t j = 0; j < d; ++j)
    first[j] = std::log(start && start->lengthScales.size() == d ? start->lengthScales[j] : firstLengthScale);
  first[d] = std::log(start ? start->signalVariance : 1.0);
  first[d + 1] = std::log(start ? start->noiseVariance : 1e-3);
  for (std::size_t j = 0; j < d + 2; ++j) first[j] = std::clamp(first[j], lower[j], upper[j]);
  starts.push_back(first);
  std::mt19937_64 rng(options.seed);
  for (int r = 0; r < options.restarts; ++r) {
    std::vector<double> s(d + 2);
    for (std::size_t j = 0; j < d + 2; ++j) s[j] = std::uniform_real_distribution<double>(lower[j], upper[j])(rng);
    starts.push_back(s);
  }

  auto f = [](const std::vector<double>& theta, std::vector<double>& grad, void* data) {
    return static_cast<const Impl*>(data)->objective(theta, grad.empty() ? nullptr : &grad);
  };
  std::vector<double> best = first;
  double bestValue = std::numeric_limits<double>::infinity();
  for (auto& s : starts) {
    nlopt::opt opt(nlopt::LD_LBFGS, unsigned(d + 2));
    opt.set_lower_bounds(lower);
    opt.set_upper_bounds(upper);
    opt.set_min_objective(f, mImpl.get());
    opt.set_maxeval(options.maxEvaluations);
    opt.set_ftol_rel(1e-7);
    double value = std::numeric_limits<double>::infinity();
    try {
      opt.optimize(s, value);
    } catch (const std::exception&) {
      value = mImpl->objective(s, nullptr); // a failed line search leaves the best point found so far
    }
    if (value < bestValue) {
      bestValue = value;
      best = s;
    }
  }
  GpHyperparameters h;
  for (std::size_t j = 0; j < d; ++j) h.lengthScales.push_back(std::exp(best[j]));
  h.signalVariance = std::exp(best[d]);
  h.noiseVariance = std::exp(best[d + 1]);
  mImpl->conditionOn(h);
}

GpPrediction GaussianProcess::predict(const std::vector<double>& xq) const {
  const auto& m = *mImpl;
  const Eigen::Index n = m.x.rows();
  // Squared scaled distances to every input, a dimension at a time (a column of x is contiguous);
  // each distance still sums its dimensions in order.
  VectorXd k = VectorXd::Zero(n);
  for (std::size_t j = 0; j < xq.size(); ++j) {
    const double q = xq[j], l = m.h.lengthScales[j];
    const double* column = m.x.col(idx(j)).data();
    for (Eigen::Index i = 0; i < n; ++i) {
      const double dj = (column[i] - q) / l;
      k(i) += dj * dj;
    }
  }
  for (Eigen::Index i = 0; i < n; ++i) k(i) = m.h.signalVariance * matern52(std::sqrt(k(i)));
  const double mean = k.dot(m.alpha);
  const VectorXd v = m.chol.matrixL().solve(k);
  const double variance = std::max(0.0, m.h.signalVariance - v.squaredNorm());
  return {m.yMean + m.yScale * (mean + m.trendAt(xq)), m.yScale * m.yScale * variance};
}

std::vector<GpPrediction> GaussianProcess::predictMany(const std::vector<std::vector<double>>& xs) const {
  const auto& m = *mImpl;
  const Eigen::Index count = idx(xs.size());
  std::vector<GpPrediction> out(xs.size());
  if (xs.empty()) return out;
  // Squared scaled distances, one column per input, as |x|^2 + |q|^2 - 2 x.q: one matrix product.
  const Eigen::Index d = m.x.cols();
  MatrixXd q(d, count);
  for (Eigen::Index c = 0; c < count; ++c)
    for (Eigen::Index j = 0; j < d; ++j) q(j, c) = xs[std::size_t(c)][std::size_t(j)] / m.h.lengthScales[std::size_t(j)];
  MatrixXd r2 = -2.0 * (m.xScaled * q);
  r2.colwise() += m.xNorms;
  r2.rowwise() += q.colwise().squaredNorm();
  r2 = r2.cwiseMax(0.0); // rounding can take an input's distance to itself below zero
  const Eigen::ArrayXXd r = r2.array().sqrt();
  MatrixXd k = (m.h.signalVariance * (1.0 + kSqrt5 * r + (5.0 / 3.0) * r2.array()) * (-kSqrt5 * r).exp()).matrix();
  const VectorXd mean = k.transpose() * m.alpha;
  m.chol.matrixL().solveInPlace(k);
  const VectorXd explained = k.colwise().squaredNorm().transpose();
  for (Eigen::Index c = 0; c < count; ++c) {
    const double variance = std::max(0.0, m.h.signalVariance - explained(c));
    out[std::size_t(c)] = {m.yMean + m.yScale * (mean(c) + m.trendAt(xs[std::size_t(c)])), m.yScale * m.yScale * variance};
  }
  return out;
}

const GpHyperparameters& GaussianProcess::hyperparameters() const { return mImpl->h; }
double GaussianProcess::logMarginalLikelihood() const { return mImpl->lml; }

} // namespace llmwb::dse
