// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A design space as data (seed 000 section 4.4, Table 2): named parameters bound to spec fields,
// constraints on result metrics, and objectives with a direction and a hypervolume reference.
// Plain structs; core/io/space_io.h reads them from JSON, core/dse/design_problem.h makes them
// evaluable.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace llmwb::dse {

/// One value a parameter can take: a number (a count, a dimension, a frequency) or a name (a
/// memory technology, a number format, a strategy, "2048x128").
using ParameterValue = std::variant<double, std::string>;
std::string toString(const ParameterValue& v); ///< 4, 1024, "hbm4-12h"

/// Either a list of values (discrete) or an interval (continuous, optionally whole numbers).
struct Domain {
  std::vector<ParameterValue> values; ///< discrete when non-empty
  double low = 0, high = 0;           ///< continuous
  bool integer = false;               ///< continuous: whole numbers only
  bool discrete() const { return !values.empty(); }
  bool numeric() const; ///< every value a number (or a continuous interval)
};

/// How a parameter is presented to a surrogate model: ordinal (rank in [0, 1]) or one-hot.
enum class Encoding { Ordinal, OneHot };

/// `parameter` is switched off while another parameter has one of `values` (e.g. a memory type
/// while its count is 0). Inactive parameters sit at their first value, so each design is one
/// point (core/dse/design_problem.h "canonical").
struct InactiveWhen {
  std::string parameter;
  std::vector<ParameterValue> values;
};

struct Parameter {
  std::string name;   ///< e.g. "hbm_stacks"
  std::string field;  ///< spec field it sets, e.g. "device.memory.off_chip[0].count" (spec_binding.h)
  Domain domain;
  Encoding encoding = Encoding::Ordinal;
  std::optional<InactiveWhen> inactiveWhen;
  std::string description;
};

enum class Direction { Minimise, Maximise };
std::string_view toString(Direction d);

/// A bound on a result metric (metrics.h): min <= metric <= max.
struct Constraint {
  std::string metric; ///< e.g. "tdp_W"
  std::optional<double> min, max;
  std::string description;
};

/// A metric to optimise. `reference` is the objective's coordinate of the hypervolume reference
/// point, fixed per space so runs and methods are comparable (docs/dse.md).
struct Objective {
  std::string metric; ///< e.g. "decode.tokens_per_s"
  Direction direction = Direction::Maximise;
  double reference = 0;
};

/// Which phases an evaluation runs (EvaluationOptions::Phases): a decode space needs decode only.
enum class SpacePhases { Both, PrefillOnly, DecodeOnly };

struct DesignSpace {
  std::string id;
  std::string name;
  std::string description;
  std::string system;   ///< base system preset id or file; parameters patch copies of it
  std::string model;
  std::string workload;
  SpacePhases phases = SpacePhases::Both;
  int decodeSegments = 4;
  std::vector<Parameter> parameters;
  std::vector<Constraint> constraints;
  std::vector<Objective> objectives;
  std::map<std::string, std::string> sources; ///< why each axis is what it is (Table 2 ...)
  std::string file;       ///< where it was read from (for messages)
  std::string definition; ///< the space file's JSON, compact: results embed it so they stand alone

  const Parameter* parameter(const std::string& parameterName) const;
  std::size_t parameterIndex(const std::string& parameterName) const; ///< size() when there is none
};

/// A design: one coordinate per parameter. Discrete parameters hold the index of their value,
/// continuous ones the value itself.
struct DesignPoint {
  std::vector<double> coordinates;
  bool operator==(const DesignPoint&) const = default;
};

} // namespace llmwb::dse
