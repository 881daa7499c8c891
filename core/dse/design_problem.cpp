// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/design_problem.h"

#include <functional>

#include "core/dse/metrics.h"
#include "core/device/resolved_device.h"
#include "core/engine/device_summary.h"
#include "core/model/operators.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace llmwb::dse {

namespace {
constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

std::size_t valueCount(const Parameter& p) { return p.domain.values.size(); }

std::string describeBound(const std::string& metric, double value, const char* op, double bound) {
  char text[200];
  std::snprintf(text, sizeof text, "%s %.4g %s %.4g", metric.c_str(), value, op, bound);
  return text;
}

void dropSources(MemoryLevel& level) {
  for (auto& part : level.parts) part.technology.sources.clear();
}

/// The system without where its values come from: nothing evaluated reads it, and copying the
/// maps for every design cost more than some evaluations.
SystemSpec withoutSources(SystemSpec s) {
  s.sources.clear();
  for (auto& g : s.groups) {
    g.device.sources.clear();
    dropSources(g.device.memory.onChip);
    for (auto& level : g.device.memory.offChip) dropSources(level);
  }
  return s;
}
} // namespace

DesignProblem::DesignProblem(DesignSpace space, ProblemInputs inputs, const SpecBindingRegistry& registry)
    : mSpace(std::move(space)) {
  mBase = std::move(inputs.system);
  mLeanBase = withoutSources(mBase);
  mModel = std::move(inputs.model);
  mParameterCount = mModel.parameterCount();
  mWorkload = std::move(inputs.workload);
  mOptions.decodeSegments = mSpace.decodeSegments;
  mOptions.descriptions = false; // a point keeps numbers and problems only
  mOptions.phases = mSpace.phases == SpacePhases::PrefillOnly  ? EvaluationOptions::Phases::PrefillOnly
                    : mSpace.phases == SpacePhases::DecodeOnly ? EvaluationOptions::Phases::DecodeOnly
                                                               : EvaluationOptions::Phases::Both;
  if (mSpace.parameters.empty()) throw std::invalid_argument("a design space needs at least one parameter");
  if (mSpace.objectives.empty()) throw std::invalid_argument("a design space needs at least one objective");
  for (const auto& o : mSpace.objectives)
    if (!findMetric(o.metric)) throw std::invalid_argument("unknown objective metric \"" + o.metric + "\" (known: " + metricNames() + ")");
  for (const auto& c : mSpace.constraints)
    if (!findMetric(c.metric)) throw std::invalid_argument("unknown constraint metric \"" + c.metric + "\" (known: " + metricNames() + ")");

  const BindingContext context{inputs.technology};
  for (std::size_t i = 0; i < mSpace.parameters.size(); ++i) {
    const auto& p = mSpace.parameters[i];
    try {
      mSetters.push_back(registry.bind(p.field, p.domain, context));
    } catch (const std::invalid_argument& e) {
      throw ParameterError(i, e.what());
    }
    if (!p.domain.discrete()) mDiscrete = false;
    mFeatureCount += (p.domain.discrete() && p.encoding == Encoding::OneHot && valueCount(p) > 2) ? valueCount(p) : 1;
    std::size_t controller = kNone;
    if (p.inactiveWhen) {
      controller = mSpace.parameterIndex(p.inactiveWhen->parameter);
      if (controller == mSpace.parameters.size() || controller == i)
        throw ParameterError(i, "inactive_when names no other parameter (\"" + p.inactiveWhen->parameter + "\")");
    }
    mInactiveController.push_back(controller);
  }
  // Controllers form a forest: a parameter switched off by one that it switches off itself (or by
  // a longer loop) has no first value to fall back to.
  for (std::size_t i = 0; i < mInactiveController.size(); ++i) {
    std::size_t at = mInactiveController[i];
    for (std::size_t steps = 0; at != kNone && steps <= mInactiveController.size(); ++steps) {
      if (at == i) throw ParameterError(i, "inactive_when loops back to this parameter through the parameters it names");
      at = mInactiveController[at];
    }
  }
  mOffAt.resize(mSpace.parameters.size());
  for (std::size_t i = 0; i < mSpace.parameters.size(); ++i) {
    const std::size_t c = mInactiveController[i];
    if (c == kNone || !mSpace.parameters[c].domain.discrete()) continue;
    const auto& values = mSpace.parameters[c].domain.values;
    for (const auto& v : values) {
      const auto& off = mSpace.parameters[i].inactiveWhen->values;
      mOffAt[i].push_back(std::find(off.begin(), off.end(), v) != off.end() ? 1 : 0);
    }
  }

  mFeatureCount += summaryFeatureCount();
  for (const auto& c : mSpace.constraints)
    if (const auto* m = findMetric(c.metric); m && m->hardware) mHardwareConstraints = true;

  // Apply every value once to the base, so a field that cannot take a value fails now.
  for (std::size_t i = 0; i < mSpace.parameters.size(); ++i) {
    const auto& d = mSpace.parameters[i].domain;
    const std::size_t n = d.discrete() ? d.values.size() : 2;
    for (std::size_t k = 0; k < n; ++k) {
      SystemSpec copy = mBase;
      try {
        mSetters[i](copy, d.discrete() ? d.values[k] : ParameterValue(k == 0 ? d.low : d.high));
      } catch (const std::invalid_argument& e) {
        throw ParameterError(i, e.what());
      }
    }
  }

  // Ordinal positions in [0, 1]: numbers by value (by logarithm when all positive and spanning a
  // factor of 4 or more, as VLEN 256..2048 does), names by rank.
  for (const auto& p : mSpace.parameters) {
    std::vector<double> position;
    const auto& d = p.domain;
    if (d.discrete() && d.values.size() > 1) {
      std::vector<double> v;
      for (std::size_t k = 0; k < d.values.size(); ++k)
        v.push_back(d.numeric() ? std::get<double>(d.values[k]) : double(k));
      const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
      const bool logScale = *lo > 0 && *hi >= 4 * *lo;
      for (double value : v) {
        const double t = logScale ? std::log(value / *lo) / std::log(*hi / *lo) : (*hi > *lo ? (value - *lo) / (*hi - *lo) : 0.0);
        position.push_back(t);
      }
    }
    mOrdinalPosition.push_back(std::move(position));
  }

  if (mDiscrete) {
    mStrides.assign(mSpace.parameters.size(), 1);
    std::uint64_t size = 1;
    for (std::size_t i = mSpace.parameters.size(); i-- > 0;) {
      mStrides[i] = size;
      const auto n = valueCount(mSpace.parameters[i]);
      if (size > std::numeric_limits<std::uint64_t>::max() / n) throw std::invalid_argument("the design space has more than 2^64 points");
      size *= n;
    }
    mGridSize = size;
  }
}

DesignPoint DesignProblem::pointAt(std::uint64_t index) const {
  DesignPoint p;
  p.coordinates.resize(dimension());
  for (std::size_t i = 0; i < dimension(); ++i) {
    p.coordinates[i] = double(index / mStrides[i]);
    index %= mStrides[i];
  }
  return p;
}

std::uint64_t DesignProblem::indexOf(const DesignPoint& point) const {
  std::uint64_t index = 0;
  for (std::size_t i = 0; i < dimension(); ++i) index += std::uint64_t(point.coordinates[i]) * mStrides[i];
  return index;
}

std::optional<std::uint64_t> DesignProblem::gridIndex(const DesignPoint& point) const {
  if (!mDiscrete) return std::nullopt;
  return indexOf(point);
}

DesignPoint DesignProblem::canonical(DesignPoint point) const {
  for (std::size_t i = 0; i < dimension(); ++i) {
    const std::size_t c = mInactiveController[i];
    if (c == kNone) continue;
    const ParameterValue v = value(c, point.coordinates[c]);
    for (const auto& off : mSpace.parameters[i].inactiveWhen->values)
      if (off == v) {
        const auto& d = mSpace.parameters[i].domain;
        point.coordinates[i] = d.discrete() ? 0.0 : d.low;
        break;
      }
  }
  return point;
}

bool DesignProblem::isCanonical(std::uint64_t index) const {
  if (!mDiscrete) {
    const DesignPoint p = pointAt(index);
    return canonical(p) == p;
  }
  // canonical(p) == p, on the grid's indices: no parameter switched off by its controller's value
  // sits anywhere but at its first value.
  const std::size_t n = dimension();
  std::array<std::uint64_t, 64> small{};
  std::vector<std::uint64_t> large;
  std::uint64_t* at = small.data();
  if (n > small.size()) at = (large.resize(n), large.data());
  for (std::size_t i = 0; i < n; ++i) {
    at[i] = index / mStrides[i];
    index %= mStrides[i];
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t c = mInactiveController[i];
    if (c != kNone && at[i] != 0 && mOffAt[i][std::size_t(at[c])]) return false;
  }
  return true;
}

namespace {
using Wide = unsigned __int128; // counts of grids up to 2^64, and products of them before the clamp

Wide clampedProduct(Wide a, Wide b) {
  const Wide cap = std::numeric_limits<std::uint64_t>::max();
  if (a == 0 || b == 0) return 0;
  return a > cap / b ? cap : a * b;
}
} // namespace

std::uint64_t DesignProblem::designCount() const {
  if (!mDiscrete) return 0;
  if (mDesignCount) return *mDesignCount;
  // Without walking the grid (2^60 points would never finish): the parameters form a forest, each
  // switched off by at most one controller. For a parameter at value v, the designs of its subtree
  // are the product over its children of (the child's subtree at its first value when v switches
  // the child off, else the sum over the child's values); the count is the product over the roots
  // of the sum over their values. The same set isCanonical() accepts, counted.
  const std::size_t n = dimension();
  std::vector<std::vector<std::size_t>> children(n);
  std::vector<std::size_t> roots;
  for (std::size_t i = 0; i < n; ++i)
    (mInactiveController[i] == kNone ? roots : children[mInactiveController[i]]).push_back(i);
  std::vector<std::vector<Wide>> atValue(n); // designs of i's subtree with i at each value
  std::function<void(std::size_t)> count = [&](std::size_t i) { // controllers first: no loops (checked when made)
    const std::size_t values = mSpace.parameters[i].domain.values.size();
    atValue[i].assign(values, 1);
    for (const std::size_t child : children[i]) {
      count(child);
      Wide all = 0;
      for (const Wide c : atValue[child]) all = std::min<Wide>(all + c, std::numeric_limits<std::uint64_t>::max());
      for (std::size_t v = 0; v < values; ++v)
        atValue[i][v] = clampedProduct(atValue[i][v], mOffAt[child][v] ? atValue[child][0] : all);
    }
  };
  Wide total = 1;
  for (const std::size_t r : roots) {
    count(r);
    Wide sum = 0;
    for (const Wide c : atValue[r]) sum = std::min<Wide>(sum + c, std::numeric_limits<std::uint64_t>::max());
    total = clampedProduct(total, sum);
  }
  mDesignCount = std::uint64_t(total);
  return *mDesignCount;
}

std::uint64_t DesignProblem::walkedDesignCount() const {
  std::uint64_t n = 0;
  for (std::uint64_t i = 0; i < mGridSize; ++i) n += isCanonical(i) ? 1 : 0;
  return n;
}

ParameterValue DesignProblem::value(std::size_t parameter, double coordinate) const {
  const auto& d = mSpace.parameters[parameter].domain;
  if (d.discrete()) return d.values.at(std::size_t(coordinate));
  return coordinate;
}

std::vector<ParameterValue> DesignProblem::values(const DesignPoint& point) const {
  std::vector<ParameterValue> out;
  for (std::size_t i = 0; i < dimension(); ++i) out.push_back(value(i, point.coordinates[i]));
  return out;
}

DesignPoint DesignProblem::fromUnitCube(const std::vector<double>& u) const {
  DesignPoint p;
  p.coordinates.resize(dimension());
  for (std::size_t i = 0; i < dimension(); ++i) {
    const auto& d = mSpace.parameters[i].domain;
    const double x = std::clamp(u[i], 0.0, 1.0);
    if (d.discrete()) {
      p.coordinates[i] = std::min(std::floor(x * double(d.values.size())), double(d.values.size() - 1));
    } else {
      double v = d.low + x * (d.high - d.low);
      if (d.integer) v = std::clamp(std::round(v), std::ceil(d.low), std::floor(d.high));
      p.coordinates[i] = v;
    }
  }
  return canonical(std::move(p));
}

SystemSpec DesignProblem::system(const DesignPoint& point) const { return apply(mBase, point); }

SystemSpec DesignProblem::apply(const SystemSpec& base, const DesignPoint& point) const {
  SystemSpec s = base;
  for (std::size_t i = 0; i < dimension(); ++i) {
    const ParameterValue v = value(i, point.coordinates[i]);
    try {
      mSetters[i](s, v);
    } catch (const std::invalid_argument& e) {
      // A value the field cannot take, met only now (a continuous range over a whole-number
      // field): name the space file and the parameter.
      throw ParameterError(i, mSpace.file + ": /parameters/" + std::to_string(i) + " (\"" + mSpace.parameters[i].name +
                                  "\" = " + toString(v) + "): " + e.what());
    }
  }
  // A chiplet package is resolved by the model evaluating it (core/device/resolved_device.h).
  for (auto& g : s.groups)
    if (!g.device.package) normaliseMemory(g.device.memory);
  return s;
}

PointResult DesignProblem::evaluate(const DesignPoint& point) const {
  PointResult out;
  out.point = point;
  out.index = gridIndex(point);
  out.objectives.assign(mSpace.objectives.size(), std::numeric_limits<double>::quiet_NaN());
  out.constraints.assign(mSpace.constraints.size(), std::numeric_limits<double>::quiet_NaN());
  const SystemSpec s = apply(mLeanBase, point);
  for (const auto& g : s.groups)
    if (!g.device.package && g.device.memory.onChip.empty() && g.device.memory.offChip.empty()) {
      out.problems.push_back(g.device.name + ": no memory at all");
      return out;
    }
  const EvaluationResult r = llmwb::evaluate(s, mModel, mWorkload, mOptions);
  out.problems = r.problems;
  out.engineFeasible = r.problems.empty();
  for (std::size_t k = 0; k < mSpace.objectives.size(); ++k)
    if (const auto v = findMetric(mSpace.objectives[k].metric)->read(r)) out.objectives[k] = *v;
  for (std::size_t k = 0; k < mSpace.constraints.size(); ++k) {
    const auto& c = mSpace.constraints[k];
    const auto v = findMetric(c.metric)->read(r);
    if (!v) {
      out.problems.push_back(c.metric + " is not available");
      continue;
    }
    out.constraints[k] = *v;
    if (c.max && *v > *c.max) out.problems.push_back(describeBound(c.metric, *v, ">", *c.max));
    if (c.min && *v < *c.min) out.problems.push_back(describeBound(c.metric, *v, "<", *c.min));
  }
  for (double o : out.objectives)
    if (std::isnan(o) && out.problems.empty()) out.problems.push_back("an objective is not available");
  out.feasible = out.problems.empty();
  return out;
}

std::vector<double> DesignProblem::hardwareValues(const DesignPoint& point) const {
  if (!mHardwareConstraints) return std::vector<double>(mSpace.constraints.size(), std::numeric_limits<double>::quiet_NaN());
  std::optional<SystemSpec> s;
  try {
    s = apply(mLeanBase, point);
  } catch (const std::exception&) {
  }
  return hardwareOf(s ? &*s : nullptr);
}

std::vector<double> DesignProblem::hardwareOf(const SystemSpec* s) const {
  std::vector<double> out(mSpace.constraints.size(), std::numeric_limits<double>::quiet_NaN());
  if (!mHardwareConstraints || !s) return out;
  // The device summaries evaluate() would report, without building the engines' models.
  EvaluationResult r;
  try {
    for (const auto& g : s->groups) r.devices.push_back(engine::summariseDevice(g.role, g.count, DeviceModel(g.device), false));
  } catch (const std::exception&) {
    return out; // the engine will say why
  }
  for (std::size_t k = 0; k < mSpace.constraints.size(); ++k)
    if (const auto* m = findMetric(mSpace.constraints[k].metric); m && m->hardware)
      if (const auto v = m->read(r)) out[k] = *v;
  return out;
}

std::vector<double> DesignProblem::features(const DesignPoint& point) const { return featuresOf(point, apply(mLeanBase, point)); }

DesignProblem::Described DesignProblem::describe(const DesignPoint& point) const {
  const SystemSpec s = apply(mLeanBase, point);
  return {featuresOf(point, s), hardwareOf(&s), weightsCanFit(s)};
}

bool DesignProblem::weightsCanFit(const SystemSpec& s) const {
  if (mOptions.phases == EvaluationOptions::Phases::PrefillOnly) return true;
  const DeviceGroup* g = s.decodeGroup();
  if (!g) return true;
  MemoryHierarchy scratch;
  const auto& memory = deviceMemory(g->device, scratch);
  return g->device.quantisation.weights.bytesFor(mParameterCount) <= memory.capacity() * double(g->count);
}

std::vector<double> DesignProblem::featuresOf(const DesignPoint& point, const SystemSpec& s) const {
  std::vector<double> f;
  f.reserve(mFeatureCount);
  for (std::size_t i = 0; i < dimension(); ++i) {
    const auto& p = mSpace.parameters[i];
    const double x = point.coordinates[i];
    if (!p.domain.discrete()) {
      f.push_back(p.domain.high > p.domain.low ? (x - p.domain.low) / (p.domain.high - p.domain.low) : 0.0);
    } else if (p.encoding == Encoding::OneHot && valueCount(p) > 2) {
      for (std::size_t k = 0; k < valueCount(p); ++k) f.push_back(std::size_t(x) == k ? 1.0 : 0.0);
    } else {
      f.push_back(mOrdinalPosition[i].empty() ? 0.0 : mOrdinalPosition[i][std::size_t(x)]);
    }
  }
  // Summaries read off the spec, known without evaluating the point: a surrogate learns far
  // faster from them than from technology names and counts, and its linear mean extrapolates
  // along them. The memory ones describe the device that decodes (the one that prefills in a
  // prefill-only space), the compute ones the device that prefills (the decoder in a decode-only
  // space); one device does both in most systems.
  const bool prefillOnly = mOptions.phases == EvaluationOptions::Phases::PrefillOnly;
  const bool decodeOnly = mOptions.phases == EvaluationOptions::Phases::DecodeOnly;
  const DeviceGroup* memoryGroup = prefillOnly ? s.prefillGroup() : s.decodeGroup();
  const DeviceGroup* computeGroup = decodeOnly ? s.decodeGroup() : s.prefillGroup();
  if (!memoryGroup) memoryGroup = &s.groups.front();
  if (!computeGroup) computeGroup = &s.groups.front();
  auto logScaled = [](double value, double low, double high) {
    return std::clamp(std::log(std::max(value, low) / low) / std::log(high / low), 0.0, 1.0);
  };

  // Memory: off-chip capacity and the nearest level's bandwidth (decode batch and speed), on-chip
  // capacity (re-reads), the seconds to stream each device's share of the weights placed nearest
  // level first (a decode step's floor), and the sequences whose cache fits beside the weights.
  const DeviceSpec& device = memoryGroup->device;
  MemoryHierarchy scratch;
  const auto& memory = deviceMemory(device, scratch);
  const double devices = std::max(1, memoryGroup->count);
  const double weightBytes = device.quantisation.weights.bytesFor(mParameterCount).value();
  f.push_back(logScaled(units::inGibibytes(memory.offChipCapacity()), 1.0, 4096.0));
  f.push_back(logScaled(memory.offChip.empty() ? 0.0 : memory.offChip.front().bandwidth().value() / 1e9, 10.0, 20000.0));
  f.push_back(logScaled(units::inGibibytes(memory.onChip.capacity()), 0.01, 64.0));
  double share = weightBytes / devices, stream = 0.0;
  for (const auto& level : memory.offChip) {
    const double here = std::min(share, level.capacity().value());
    if (here > 0 && level.bandwidth().value() > 0) stream += here / level.bandwidth().value();
    share -= here;
  }
  if (share > 0) stream += 1e3; // they do not fit
  f.push_back(logScaled(stream, 1e-4, 1e3));
  const double free = (memory.offChip.empty() ? memory.onChip.capacity() : memory.offChipCapacity()).value() * devices - weightBytes;
  const double perSequence = cacheBytesPerSequence(mModel, device.quantisation, double(mWorkload.contextTokens())).value();
  f.push_back(perSequence > 0 ? logScaled(free / perSequence, 0.1, 1e4) : 1.0);

  // Compute: the matrix peak at the weights' width (prefill speed) and the vector peak (softmax,
  // norms); array shapes, as names, say neither.
  const DeviceSpec& computeDevice = computeGroup->device;
  const auto unit = makeComputeUnit(deviceCompute(computeDevice));
  f.push_back(logScaled(unit->peakMatrixFlops(computeDevice.quantisation.weights.datapathBits()).value(), 1e12, 1e17));
  f.push_back(logScaled(unit->peakVectorOps().value(), 1e10, 1e16));
  return f;
}

} // namespace llmwb::dse
