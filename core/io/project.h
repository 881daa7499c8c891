// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace llmwb {

class PresetLibrary;

/// A workbench project (.llmwb, versioned JSON): what to evaluate and what to compare it with.
/// References are preset ids or paths, resolved through a PresetLibrary.
struct Project {
  std::string name;
  std::string description;
  std::string system;
  std::string model;
  std::string workload;
  std::vector<std::string> comparisons; ///< systems shown beside the main one
};

/// Reads and checks a project file; InputError names file and field on problems.
Project readProject(const std::filesystem::path& file, const PresetLibrary& library);

/// The project the workbench opens by default: presets/projects/memexplorer-osworld.llmwb.
std::filesystem::path defaultProjectPath(const PresetLibrary& library);

} // namespace llmwb
