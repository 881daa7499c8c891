// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/overrides.h"

#include "core/io/preset_library.h"
#include "core/io/readers.h"
#include "core/io/spec_json.h"

namespace llmwb {

namespace {
using nlohmann::json;

struct Parsed {
  std::string document; ///< "system", "model" or "workload"
  std::string pointer;  ///< into that document
};

/// Index of the group doing `role`'s phase.
std::size_t groupIndex(const SystemSpec& system, const std::string& role, const std::string& origin) {
  const DeviceGroup* g = nullptr;
  if (role == "prefill") g = system.prefillGroup();
  else if (role == "decode") g = system.decodeGroup();
  else if (system.groups.size() == 1) g = &system.groups.front();
  else
    throw InputError(origin, role, "the system has " + std::to_string(system.groups.size()) +
                                       " device groups; say prefill/..., decode/... or /groups/N/device/...");
  if (!g) throw InputError(origin, role, "the system has no device for " + role);
  return std::size_t(g - system.groups.data());
}

Parsed parsePath(const std::string& path, const SystemSpec& system, const std::string& origin) {
  if (path.empty()) throw InputError(origin, "", "expected PATH=VALUE, e.g. /groups/0/count=8");
  if (path.front() == '/') return {"system", path};
  const auto slash = path.find('/');
  const std::string head = path.substr(0, slash);
  const std::string rest = slash == std::string::npos ? "" : path.substr(slash);
  if (head == "model" || head == "workload") return {head, rest};
  if (head == "prefill" || head == "decode" || head == "device")
    return {"system", "/groups/" + std::to_string(groupIndex(system, head, origin)) + "/device" + rest};
  throw InputError(origin, path,
                   "expected a JSON pointer into the system (/groups/0/count), or prefill/..., decode/..., device/..., "
                   "model/... or workload/...");
}

json parseValue(const std::string& text) {
  auto v = json::parse(text, nullptr, false);
  return v.is_discarded() ? json(text) : v;
}

/// Sets the field at `pointer`; its parent must exist (a new key is checked by the reader).
void set(json& document, const std::string& pointer, const json& value, const std::string& origin) {
  json::json_pointer p;
  try {
    p = json::json_pointer(pointer);
  } catch (const json::exception&) {
    throw InputError(origin, pointer, "not a JSON pointer (expected /key/0/key...)");
  }
  if (p.empty()) throw InputError(origin, pointer, "names the whole document, not a field");
  const auto parent = p.parent_pointer();
  json* found = nullptr;
  try { // an index past the list, or past 2^64, is the library's exception: said as the field it is
    if (document.contains(parent)) found = &document.at(parent);
  } catch (const json::exception&) {
  }
  if (!found) throw InputError(origin, parent.to_string(), "no such field");
  json& container = *found;
  const std::string& key = p.back();
  if (container.is_array()) {
    if (key.empty() || key.size() > 9 || key.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(key) >= container.size())
      throw InputError(origin, pointer, "no such element (the list has " + std::to_string(container.size()) + ")");
  } else if (!container.is_object()) {
    throw InputError(origin, parent.to_string(), "is a value, not an object or a list");
  }
  document[p] = value;
}

} // namespace

void applyOverrides(OverrideTarget& target, const std::vector<std::string>& overrides, const PresetLibrary& library) {
  std::optional<json> system, model, workload;
  for (const auto& text : overrides) {
    const std::string origin = "--set " + text;
    const auto eq = text.find('=');
    if (eq == std::string::npos) throw InputError(origin, "", "expected PATH=VALUE, e.g. decode/memory/off_chip/0/count=4");
    const auto where = parsePath(text.substr(0, eq), target.system, origin);
    const json value = parseValue(text.substr(eq + 1));
    if (where.document == "system") {
      if (!system) system = io::systemJson(target.system);
      set(*system, where.pointer, value, origin);
    } else if (where.document == "model") {
      if (!model && target.modelSource.empty()) model = io::modelJson(target.model); // made or edited in memory
      if (!model) {
        const auto file = library.find(PresetKind::Model, target.modelSource);
        model = io::parseJsonFile(file ? file->string() : target.modelSource);
      }
      set(*model, where.pointer, value, origin);
    } else {
      if (!workload) workload = io::workloadJson(target.workload);
      set(*workload, where.pointer, value, origin);
    }
    // Read back after every override, so an error names the override that caused it.
    if (system) target.system = io::readSystem(io::JsonReader(*system, origin), target.system.id, library);
    if (model) target.model = io::readModel(io::JsonReader(*model, origin), target.model.id);
    if (workload) target.workload = io::readWorkload(io::JsonReader(*workload, origin), target.workload.id);
  }
}

} // namespace llmwb
