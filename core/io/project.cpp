// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/project.h"

#include "core/io/json_reader.h"
#include "core/io/preset_library.h"

namespace llmwb {

Project readProject(const std::filesystem::path& file, const PresetLibrary& library) {
  library.validate(file); // resolves every reference, throws with file and field
  const auto j = io::parseJsonFile(file.string());
  const io::JsonReader r(j, file.string());
  Project p;
  p.name = r.string("name", file.stem().string());
  p.description = r.string("description", "");
  p.system = r.string("system");
  p.model = r.string("model");
  p.workload = r.string("workload");
  if (r.has("comparisons"))
    for (const auto& c : r.array("comparisons", true)) p.comparisons.push_back(c.asString());
  return p;
}

std::filesystem::path defaultProjectPath(const PresetLibrary& library) {
  if (const auto p = library.find(PresetKind::Project, "memexplorer-osworld")) return *p;
  return {};
}

} // namespace llmwb
