// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A design space made evaluable: the base system, model and workload loaded once, every parameter
// bound to its spec field, the discrete grid indexed. evaluate() is const and thread-safe.

#include "core/dse/design_space.h"
#include "core/dse/spec_binding.h"
#include "core/model/model_spec.h"
#include "core/engine/evaluate.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace llmwb::dse {

/// One evaluated design. Objective and constraint values are in the metric's own units and
/// direction; NaN when the evaluation does not provide them (an infeasible phase).
struct PointResult {
  DesignPoint point;
  std::optional<std::uint64_t> index; ///< grid index (discrete spaces)
  bool feasible = false;
  bool engineFeasible = false; ///< the evaluation itself found no problem (constraints aside)
  std::vector<std::string> problems; ///< why not feasible: engine problems, then broken constraints
  std::vector<double> objectives;
  std::vector<double> constraints;
};

/// A parameter that cannot be bound (unknown field, unsuitable value): says which one.
struct ParameterError : std::invalid_argument {
  ParameterError(std::size_t index, const std::string& message) : std::invalid_argument(message), parameter(index) {}
  std::size_t parameter;
};

/// What a design problem takes from outside core/dse: the base system, model and workload the
/// space names, and memory technologies by id (core/io/space_io.h resolves them from presets).
struct ProblemInputs {
  SystemSpec system;
  ModelSpec model;
  Workload workload;
  TechnologyResolver technology;
};

class DesignProblem {
public:
  /// Binds every parameter of `space` to the base system of `inputs`.
  /// Throws std::invalid_argument naming the parameter for an unknown field or a bad value.
  DesignProblem(DesignSpace space, ProblemInputs inputs, const SpecBindingRegistry& registry = builtinBindings());

  const DesignSpace& space() const { return mSpace; }
  std::size_t dimension() const { return mSpace.parameters.size(); }

  // The grid of a space whose parameters are all discrete; index 0 is every parameter's first
  // value, the last parameter varies fastest.
  bool discrete() const { return mDiscrete; }
  std::uint64_t gridSize() const { return mGridSize; } ///< 0 for a space with a continuous parameter
  DesignPoint pointAt(std::uint64_t index) const;
  std::uint64_t indexOf(const DesignPoint& point) const;
  std::optional<std::uint64_t> gridIndex(const DesignPoint& point) const; ///< nothing for continuous spaces

  /// Inactive parameters (InactiveWhen) moved to their first value: one point per design.
  DesignPoint canonical(DesignPoint point) const;
  bool isCanonical(std::uint64_t index) const;
  /// Distinct designs: grid points with every switched-off parameter at its first value. Counted in
  /// closed form over the parameters' controller forest (a 2^60-point grid answers at once).
  std::uint64_t designCount() const;
  /// The same by walking the grid (tests compare the two on small grids).
  std::uint64_t walkedDesignCount() const;

  ParameterValue value(std::size_t parameter, double coordinate) const;
  std::vector<ParameterValue> values(const DesignPoint& point) const;
  /// Maps a point of [0,1)^d onto the space (canonical).
  DesignPoint fromUnitCube(const std::vector<double>& u) const;

  /// The system a point describes: the base with every parameter applied, then memory normalised
  /// (normaliseMemory) or, for a chiplet package, the package resolved into compute and memory.
  SystemSpec system(const DesignPoint& point) const;
  PointResult evaluate(const DesignPoint& point) const;

  /// Inputs for a surrogate model: ordinal parameters in [0, 1] (numbers by value, or by log
  /// value for geometric grids; names by rank), one-hot ones as 0/1 columns (one column for two
  /// values), continuous ones scaled to [0, 1]; then five summaries read off the spec, log-scaled:
  /// of the memory (off-chip capacity, nearest off-chip bandwidth, on-chip capacity) and of the
  /// compute (peak matrix FLOP/s at the weights' width, peak vector op/s).
  std::vector<double> features(const DesignPoint& point) const;

  /// Per constraint, its value when its metric is a hardware figure (Metric::hardware), read off
  /// the devices' summaries without running the engine; NaN for the others, and for every one
  /// when the design cannot be summarised. Equals what evaluate() gives for those constraints.
  std::vector<double> hardwareValues(const DesignPoint& point) const;
  bool hasHardwareConstraints() const { return mHardwareConstraints; }

  /// features() and hardwareValues() of one point, the system built once for both, and whether
  /// the weights can fit at all: false only when they exceed every byte of the decode devices'
  /// memory (on-chip and off-chip, all devices of the group), where every engine finds no decode
  /// batch. A necessary condition, never false for a design the engine can run.
  struct Described {
    std::vector<double> features;
    std::vector<double> hardware;
    bool weightsCanFit = true;
  };
  Described describe(const DesignPoint& point) const;
  std::size_t featureCount() const { return mFeatureCount; }
  /// The summaries that end features(): physical figures a trend can extrapolate along.
  static constexpr std::size_t summaryFeatureCount() { return 7; }

private:
  /// `base` with every parameter of `point` applied, memory normalised or the package resolved.
  SystemSpec apply(const SystemSpec& base, const DesignPoint& point) const;
  std::vector<double> featuresOf(const DesignPoint& point, const SystemSpec& s) const;
  std::vector<double> hardwareOf(const SystemSpec* s) const; ///< NaNs without a system
  bool weightsCanFit(const SystemSpec& s) const;

  DesignSpace mSpace;
  SystemSpec mBase;
  SystemSpec mLeanBase; ///< mBase without its provenance (`sources`): what evaluations copy
  ModelSpec mModel;
  double mParameterCount = 0; ///< the model's, for the weight-streaming summary
  Workload mWorkload;
  EvaluationOptions mOptions;
  std::vector<SpecSetter> mSetters;
  std::vector<std::size_t> mInactiveController; ///< per parameter: controlling parameter or npos
  /// Per parameter with a discrete controller: per controller value index, whether it switches the
  /// parameter off (isCanonical without building values).
  std::vector<std::vector<char>> mOffAt;
  std::vector<std::uint64_t> mStrides;
  std::uint64_t mGridSize = 0;
  bool mHardwareConstraints = false;
  bool mDiscrete = true;
  std::size_t mFeatureCount = 0;
  std::vector<std::vector<double>> mOrdinalPosition; ///< per parameter and value: its feature
  mutable std::optional<std::uint64_t> mDesignCount;
};

} // namespace llmwb::dse
