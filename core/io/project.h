// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Workbench projects (.llmwb, versioned JSON; docs/project-format.md): the system under design,
// what it runs, what it is compared with, and an optional design-space exploration.

#include "core/engine/evaluate.h"
#include "core/engine/published_claim.h"
#include "core/system/system_spec.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace llmwb {

class PresetLibrary;

/// A system as the project holds it: from a preset (kept by id while unedited) or inline.
struct ProjectSystem {
  std::string preset; ///< the preset id it is, or empty once edited
  SystemSpec system;
};

/// A design-space exploration the project runs for its Pareto view.
struct ExplorationSetup {
  std::string space;            ///< design-space preset id or file
  std::string method = "sobol"; ///< exhaustive, random, sobol, nsga2, mobo
  std::size_t budget = 64;
  std::uint64_t seed = 1;
};

struct Project {
  static constexpr int kFormatVersion = 2; ///< 1: system by id only; 2: inline systems, options, exploration
  std::string name;
  std::string description;
  ProjectSystem system;
  std::string model;    ///< model preset id or file
  std::string workload; ///< workload preset id, file or "IN:OUT"
  std::vector<ProjectSystem> comparisons; ///< baselines and pinned designs shown beside the system
  EvaluationOptions options;
  std::optional<ExplorationSetup> exploration;
  /// What the paper behind the design publishes against its comparisons, shown beside the model.
  std::vector<PublishedClaim> published;
  std::string uiState; ///< the GUI's view state (JSON text); kept as is by everything else
};

/// Reads and checks a project file (versions 1 and 2) and every reference it makes; InputError
/// names file and field on problems.
Project readProject(const std::filesystem::path& file, const PresetLibrary& library);

/// The published figures that hold for the project's current model and workload.
std::vector<PublishedClaim> publishedForRun(const Project& project);

/// How a compared system runs beside the design: the design's options, but at the largest decode
/// batch the system holds and without a roofline (only the design's is shown).
EvaluationOptions comparedSystemOptions(EvaluationOptions options);

/// The project's design beside every system it is compared with, evaluated as the workbench's
/// comparison table has them (the design at the project's options, each compared system at the
/// largest decode batch it holds), with the published figures for this run.
struct ProjectComparison {
  struct Row {
    std::string id, name; ///< preset id (or the inline system's id) and display name
    EvaluationResult result;
  };
  std::string project, model, workload;
  Row design;
  std::vector<Row> comparisons;
  std::vector<PublishedClaim> published;
  /// The compared row a figure is against; nullptr when that system is not compared.
  const Row* against(const PublishedClaim& claim) const;
};
ProjectComparison compareProject(const Project& project, const PresetLibrary& library);
/// `llmwb-cli compare --json`: each row's figures (units in the keys) and each published figure
/// with the model's ratio (null when the row does not run or is not compared).
std::string projectComparisonToJson(const ProjectComparison& comparison);

/// The project as a version-2 document (JSON text).
std::string projectJsonText(const Project& project);

/// `uiState` (a JSON object as text, or empty) with `key` set to the string `value`: how the
/// workbench notes things such as where an autosaved copy came from. Text that is not an object
/// is replaced by a new object.
std::string withUiEntry(const std::string& uiState, const std::string& key, const std::string& value);

/// Writes the project atomically and durably (io::writeFileAtomically: a crash leaves the old
/// file or the new one; permissions kept, symbolic links followed, a read-only file refused).
/// Throws std::runtime_error naming the file and the system's reason.
void writeProject(const Project& project, const std::filesystem::path& file);

/// The project the workbench opens by default: presets/projects/memexplorer-osworld.llmwb.
std::filesystem::path defaultProjectPath(const PresetLibrary& library);

} // namespace llmwb
