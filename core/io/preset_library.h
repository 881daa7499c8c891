// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/device/device_spec.h"
#include "core/memory/memory_technology.h"
#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llmwb {

enum class PresetKind { MemoryTechnology, Model, Workload, Device, System, Project };
std::string_view toString(PresetKind k);     ///< "memory", "model", ...
std::string_view folderOf(PresetKind k);      ///< "memory", "models", "workloads", "devices", "systems", "projects"

struct PresetInfo {
  PresetKind kind = PresetKind::Model;
  std::string id;   ///< path below the kind's folder without the extension: "memexplorer/p1"
  std::string name; ///< display name from the file
  std::filesystem::path path;
};

/// The presets the workbench knows: folders searched in order (the first file with an id wins,
/// so a user's folder overrides the shipped presets). Each root holds memory/, models/,
/// workloads/, devices/, systems/ and projects/. A user adds a technology by dropping a JSON file
/// into <root>/memory/.
class PresetLibrary {
public:
  explicit PresetLibrary(std::vector<std::filesystem::path> roots = defaultRoots());

  /// $LLMWB_PRESETS (colon-separated), the user's $XDG_DATA_HOME/llmwb/presets, share/llmwb/presets
  /// beside the running program, the configured install prefix's, and the source tree's presets/
  /// (for a build that is not installed).
  /// `installed`: more folders of installed presets, searched before the program's (the Python
  /// package's: <prefix>/share/llmwb/presets beside its own folder).
  static std::vector<std::filesystem::path> defaultRoots(const std::vector<std::filesystem::path>& installed);
  static std::vector<std::filesystem::path> defaultRoots() { return defaultRoots({}); }
  const std::vector<std::filesystem::path>& roots() const { return mRoots; }

  std::vector<PresetInfo> list(std::optional<PresetKind> kind = std::nullopt) const;
  std::optional<std::filesystem::path> find(PresetKind kind, const std::string& id) const;
  /// The preset's display name (its "name", else its id), read once and again when the file
  /// changes; none when there is no such preset or it cannot be read.
  std::optional<std::string> presetName(PresetKind kind, const std::string& id) const;

  // Each accepts a preset id or a path to a file; errors are InputErrors naming file and field.
  // Models and workloads are read once and again only when their file changes (its modification
  // time or size): a workbench edit does not re-read them.
  MemoryTechnology memoryTechnology(const std::string& idOrFile) const;
  ModelSpec model(const std::string& idOrFile) const;
  /// Also accepts "IN:OUT" token counts.
  Workload workload(const std::string& idOrFileOrPair) const;
  DeviceSpec device(const std::string& idOrFile) const;
  /// Also accepts a device (id or file), evaluated as a one-device system.
  SystemSpec system(const std::string& idOrFile) const;

  /// Reads any preset or project file completely (references included); throws on the first problem.
  PresetInfo validate(const std::filesystem::path& file) const;

  /// Files parsed since the library was made (the read cache's misses), for tests.
  long long filesRead() const;

private:
  std::filesystem::path resolve(PresetKind kind, const std::string& idOrFile) const;

  /// The "name" of the preset file (else `id`), through the read cache; none when unreadable.
  std::optional<std::string> nameOf(const std::filesystem::path& file, const std::string& id) const;
  struct ReadCache; // preset_library.cpp: parsed models and workloads by file, with the file's stamp
  std::vector<std::filesystem::path> mRoots;
  std::shared_ptr<ReadCache> mCache;
};

} // namespace llmwb
