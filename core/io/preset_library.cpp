// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "core/io/project.h"

#include "core/io/readers.h"
#include "core/io/param_json.h"
#include "core/engine/engine_registry.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>

#ifndef LLMWB_SOURCE_PRESETS
#define LLMWB_SOURCE_PRESETS ""
#endif
#ifndef LLMWB_INSTALLED_PRESETS
#define LLMWB_INSTALLED_PRESETS ""
#endif

namespace fs = std::filesystem;

namespace llmwb {

std::string_view toString(PresetKind k) {
  switch (k) {
  case PresetKind::MemoryTechnology: return "memory";
  case PresetKind::Model: return "model";
  case PresetKind::Workload: return "workload";
  case PresetKind::Device: return "device";
  case PresetKind::System: return "system";
  case PresetKind::Project: return "project";
  }
  return "?";
}

std::string_view folderOf(PresetKind k) {
  switch (k) {
  case PresetKind::MemoryTechnology: return "memory";
  case PresetKind::Model: return "models";
  case PresetKind::Workload: return "workloads";
  case PresetKind::Device: return "devices";
  case PresetKind::System: return "systems";
  case PresetKind::Project: return "projects";
  }
  return "?";
}

namespace {
constexpr PresetKind kAllKinds[] = {PresetKind::MemoryTechnology, PresetKind::Model,  PresetKind::Workload,
                                    PresetKind::Device,           PresetKind::System, PresetKind::Project};

std::string extensionOf(PresetKind k) { return k == PresetKind::Project ? ".llmwb" : ".json"; }

bool looksLikeFile(const std::string& s) {
  return s.find(".json") != std::string::npos || s.find(".llmwb") != std::string::npos || fs::exists(s);
}

std::optional<PresetKind> kindFromString(const std::string& kind) {
  if (kind == "memory_technology") return PresetKind::MemoryTechnology;
  if (kind == "model") return PresetKind::Model;
  if (kind == "workload") return PresetKind::Workload;
  if (kind == "device") return PresetKind::Device;
  if (kind == "system") return PresetKind::System;
  if (kind == "project") return PresetKind::Project;
  return std::nullopt;
}
} // namespace


std::vector<fs::path> PresetLibrary::defaultRoots(const std::vector<fs::path>& installed) {
  std::vector<fs::path> roots;
  if (const char* env = std::getenv("LLMWB_PRESETS")) {
    std::string list = env;
    std::size_t start = 0;
    while (start <= list.size()) {
      const auto end = list.find(':', start);
      const auto item = list.substr(start, end == std::string::npos ? std::string::npos : end - start);
      if (!item.empty()) roots.emplace_back(item);
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) roots.push_back(fs::path(xdg) / "llmwb" / "presets");
  else if (const char* home = std::getenv("HOME"); home && *home)
    roots.push_back(fs::path(home) / ".local" / "share" / "llmwb" / "presets");
  // Installed next to the program (<prefix>/bin/../share/llmwb/presets): works for any prefix,
  // including a .deb built with a different one than the build was configured with.
  roots.insert(roots.end(), installed.begin(), installed.end());
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) roots.push_back((self.parent_path() / ".." / "share" / "llmwb" / "presets").lexically_normal());
  for (const char* p : {LLMWB_INSTALLED_PRESETS, LLMWB_SOURCE_PRESETS})
    if (*p) roots.emplace_back(p);
  // Keep the first occurrence of each folder.
  std::vector<fs::path> unique;
  for (auto& r : roots)
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(r);
  return unique;
}

/// What a file was when it was read: a changed file is read again.
struct FileStamp {
  fs::file_time_type time{};
  std::uintmax_t size = 0;
  bool operator==(const FileStamp&) const = default;
};

struct PresetLibrary::ReadCache {
  template <class T>
  struct Entry {
    FileStamp stamp;
    T value;
  };
  std::mutex mutex;
  std::map<std::string, Entry<ModelSpec>> models;
  std::map<std::string, Entry<Workload>> workloads;
  std::map<std::string, Entry<std::string>> names; ///< list()'s display names
  long long reads = 0;

  /// `read()` of `file`, or the value read before when the file has not changed since.
  template <class T, class Read>
  T get(std::map<std::string, Entry<T>>& entries, const fs::path& file, Read read) {
    std::error_code e1, e2;
    const FileStamp stamp{fs::last_write_time(file, e1), fs::file_size(file, e2)};
    const bool stamped = !e1 && !e2;
    {
      std::lock_guard lock(mutex);
      if (const auto it = entries.find(file.string()); stamped && it != entries.end() && it->second.stamp == stamp)
        return it->second.value;
    }
    T value = read(); // outside the lock: a bad file throws its InputError here, and is not kept
    std::lock_guard lock(mutex);
    ++reads;
    if (stamped) entries[file.string()] = {stamp, value};
    return value;
  }
};

std::optional<std::string> PresetLibrary::nameOf(const fs::path& file, const std::string& id) const {
  try {
    return mCache->get(mCache->names, file, [&] {
      const auto j = io::parseJsonFile(file.string());
      return j.is_object() && j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>() : id;
    });
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::optional<std::string> PresetLibrary::presetName(PresetKind kind, const std::string& id) const {
  const auto file = find(kind, id);
  return file ? nameOf(*file, id) : std::nullopt;
}

std::vector<PresetInfo> PresetLibrary::list(std::optional<PresetKind> only) const {
  std::vector<PresetInfo> out;
  std::set<std::pair<int, std::string>> seen;
  for (const auto& root : mRoots) {
    for (PresetKind kind : kAllKinds) {
      if (only && *only != kind) continue;
      const fs::path folder = root / folderOf(kind);
      std::error_code ec;
      if (!fs::is_directory(folder, ec)) continue;
      std::vector<fs::path> files;
      for (auto it = fs::recursive_directory_iterator(folder, ec); it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == extensionOf(kind)) files.push_back(it->path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        std::string id = fs::relative(file, folder).replace_extension().generic_string();
        if (!seen.insert({int(kind), id}).second) continue;
        PresetInfo info{kind, id, id, file};
        // Read once, and again when the file changes: the inspector lists models and workloads on every edit.
        info.name = nameOf(file, id).value_or(id + " (unreadable)");
        out.push_back(std::move(info));
      }
    }
  }
  return out;
}

std::optional<fs::path> PresetLibrary::find(PresetKind kind, const std::string& id) const {
  for (const auto& root : mRoots) {
    const fs::path candidate = root / folderOf(kind) / (id + extensionOf(kind));
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

fs::path PresetLibrary::resolve(PresetKind kind, const std::string& idOrFile) const {
  if (const auto p = find(kind, idOrFile)) return *p;
  // A preset's path holding something other than a file is said as it is, not as "no preset".
  for (const auto& root : mRoots) {
    const fs::path candidate = root / folderOf(kind) / (idOrFile + extensionOf(kind));
    std::error_code ec;
    const auto link = fs::symlink_status(candidate, ec);
    if (ec || !fs::exists(link)) continue;
    if (fs::is_symlink(link) && !fs::exists(fs::status(candidate, ec)))
      throw InputError(candidate.string(), "", "the " + std::string(toString(kind)) + " preset \"" + idOrFile +
                                                   "\" is a symbolic link to nothing");
    if (fs::is_directory(fs::status(candidate, ec)))
      throw InputError(candidate.string(), "", "the " + std::string(toString(kind)) + " preset \"" + idOrFile +
                                                   "\" is a folder, not a file");
  }
  if (looksLikeFile(idOrFile)) {
    if (!fs::is_regular_file(idOrFile)) throw InputError(idOrFile, "", "no such file");
    return idOrFile;
  }
  // Suggest the same family first ("memexplorer/p9" -> memexplorer/...), then the rest.
  const std::string family = idOrFile.substr(0, idOrFile.find('/') + 1);
  auto presets = list(kind);
  std::stable_partition(presets.begin(), presets.end(), [&](const PresetInfo& info) {
    return !family.empty() && info.id.rfind(family, 0) == 0;
  });
  std::string known;
  int shown = 0;
  for (const auto& info : presets) {
    if (shown++ == 16) { known += ", ..."; break; }
    known += (known.empty() ? "" : ", ") + info.id;
  }
  throw InputError("", "", "no " + std::string(toString(kind)) + " preset \"" + idOrFile + "\"" +
                               (known.empty() ? std::string(" (no presets found; set LLMWB_PRESETS)") : " (known: " + known + ")"));
}

namespace {
std::string idOf(const fs::path& file, const std::vector<fs::path>& roots, PresetKind kind) {
  for (const auto& root : roots) {
    const fs::path folder = root / folderOf(kind);
    std::error_code ec;
    fs::path rel = fs::relative(file, folder, ec);
    if (!ec && !rel.empty() && rel.native()[0] != '.') return rel.replace_extension().generic_string();
  }
  return file.stem().string();
}
} // namespace

MemoryTechnology PresetLibrary::memoryTechnology(const std::string& idOrFile) const {
  const auto file = resolve(PresetKind::MemoryTechnology, idOrFile);
  const auto j = io::parseJsonFile(file.string());
  return io::readMemoryTechnology(io::JsonReader(j, file.string()), idOf(file, mRoots, PresetKind::MemoryTechnology));
}

PresetLibrary::PresetLibrary(std::vector<fs::path> roots) : mRoots(std::move(roots)), mCache(std::make_shared<ReadCache>()) {}

long long PresetLibrary::filesRead() const {
  std::lock_guard lock(mCache->mutex);
  return mCache->reads;
}

ModelSpec PresetLibrary::model(const std::string& idOrFile) const {
  const auto file = resolve(PresetKind::Model, idOrFile);
  return mCache->get(mCache->models, file, [&] {
    const auto j = io::parseJsonFile(file.string());
    return io::readModel(io::JsonReader(j, file.string()), idOf(file, mRoots, PresetKind::Model));
  });
}

Workload PresetLibrary::workload(const std::string& text) const {
  if (!find(PresetKind::Workload, text) && text.find(':') != std::string::npos && !looksLikeFile(text)) {
    std::string error;
    if (auto w = parseWorkloadPair(text, &error)) return *w;
    throw InputError("--workload", "", error);
  }
  const auto file = resolve(PresetKind::Workload, text);
  return mCache->get(mCache->workloads, file, [&] {
    const auto j = io::parseJsonFile(file.string());
    return io::readWorkload(io::JsonReader(j, file.string()), idOf(file, mRoots, PresetKind::Workload));
  });
}

namespace {
nlohmann::json mergedDeviceJson(const PresetLibrary& lib, const fs::path& file, std::set<std::string>& visiting,
                                std::string& where);
} // namespace

nlohmann::json io::withDeviceBase(const PresetLibrary& lib, nlohmann::json j, const std::string& file,
                                  std::set<std::string>& visiting, std::string& where) {
  io::JsonReader r(j, file);
  if (!j.is_object()) r.failHere("expected a JSON object at the top level");
  if (r.has("base")) {
    const std::string baseId = r.string("base");
    const auto basePath = lib.find(PresetKind::Device, baseId);
    if (!basePath) r.fail("base", "no device preset \"" + baseId + "\"");
    auto merged = mergedDeviceJson(lib, *basePath, visiting, where);
    j.erase("base");
    merged.merge_patch(j);
    where = file + " (base " + baseId + ")";
    return merged;
  }
  where = file;
  return j;
}

namespace {
/// A device's JSON with its `base` chain merged in (RFC 7386 merge patch, child over base).
nlohmann::json mergedDeviceJson(const PresetLibrary& lib, const fs::path& file, std::set<std::string>& visiting,
                                std::string& where) {
  auto j = io::parseJsonFile(file.string());
  if (!visiting.insert(fs::weakly_canonical(file).string()).second)
    io::JsonReader(j, file.string()).fail("base", "the base chain loops back to this file");
  return io::withDeviceBase(lib, std::move(j), file.string(), visiting, where);
}

} // namespace

SystemSpec io::readSystem(const io::JsonReader& r, const std::string& id, const PresetLibrary& lib) {
  io::checkHeader(r, "system");
  std::vector<std::string> keys{"format_version", "kind", "id", "name", "description", "engine", "groups", "group_link", "phase_link",
                                "note", "sources"};
  for (const auto* settings : engine::engineSettings()) keys.push_back(settings->block); // the engines' settings blocks
  r.allowOnly(keys);
  SystemSpec s;
  s.id = id;
  s.name = r.string("name", id);
  s.description = r.string("description", "");
  s.engine = readEngineName(r);
  for (const auto& g : r.array("groups")) {
    g.allowOnly({"device", "role", "count", "overrides", "name", "layers", "until_fraction"});
    DeviceGroup group;
    nlohmann::json deviceJson;
    std::string deviceId, where = r.file();
    const auto dev = g.child("device");
    if (dev.json().is_string()) {
      deviceId = dev.asString();
      const auto path = lib.find(PresetKind::Device, deviceId);
      if (!path) g.fail("device", "no device preset \"" + deviceId + "\"");
      std::set<std::string> visiting;
      deviceJson = mergedDeviceJson(lib, *path, visiting, where);
    } else {
      deviceJson = dev.json();
      deviceId = deviceJson.is_object() && deviceJson.contains("id") && deviceJson["id"].is_string()
                     ? deviceJson["id"].get<std::string>()
                     : g.string("name", id + "/device");
    }
    if (g.has("overrides")) {
      const auto o = g.child("overrides");
      if (!o.json().is_object()) g.fail("overrides", "expected an object of device fields to replace");
      deviceJson.merge_patch(o.json());
      where += " with overrides from " + r.file() + " " + g.path() + "/overrides";
    }
    group.device = io::readDevice(io::JsonReader(deviceJson, where), deviceId, lib);
    if (g.has("name")) group.device.name = g.string("name");
    const std::string role = g.string("role", "both");
    if (role == "both") group.role = DeviceRole::Both;
    else if (role == "prefill") group.role = DeviceRole::Prefill;
    else if (role == "decode") group.role = DeviceRole::Decode;
    else g.fail("role", "expected both, prefill or decode; got \"" + role + "\"");
    group.count = int(g.wholeNumber("count", 1, kMaxDevicesPerGroup, 1));
    if (g.has("layers")) {
      if (group.role != DeviceRole::Prefill) g.fail("layers", "only a \"prefill\" group splits the prefill by layer kind");
      const std::string layers = g.string("layers");
      if (layers == "all") group.layers = LayerSelection::All;
      else if (layers == "attention") group.layers = LayerSelection::Attention;
      else if (layers == "ffn") group.layers = LayerSelection::Ffn;
      else g.fail("layers", "expected all, attention or ffn; got \"" + layers + "\"");
    }
    if (g.has("until_fraction")) {
      if (group.role != DeviceRole::Decode) g.fail("until_fraction", "only a \"decode\" group ends its phase at a fraction of the generated tokens");
      group.untilFraction = g.number("until_fraction");
      if (!(group.untilFraction > 0 && group.untilFraction <= 1))
        g.fail("until_fraction", "expected a fraction of the generated tokens in (0, 1]");
    }
    s.groups.push_back(std::move(group));
  }
  if (const auto l = r.optionalChild("group_link")) s.groupLink = io::readLink(*l);
  if (const auto l = r.optionalChild("phase_link")) s.phaseLink = io::readLink(*l);
  for (const auto* settings : engine::engineSettings())
    if (const auto block = r.optionalChild(settings->block)) {
      settings->add(s);
      io::readTable(settings->fields(), *block, s);
    }
  int prefill = 0, decode = 0, both = 0;
  for (const auto& g : s.groups) {
    prefill += g.role == DeviceRole::Prefill;
    decode += g.role == DeviceRole::Decode;
    both += g.role == DeviceRole::Both;
  }
  if (both > 1 || (both && (prefill || decode)) || (!both && (prefill == 0 || decode == 0)))
    r.fail("groups", "expected one group with role \"both\", or \"prefill\" and \"decode\" groups");
  // Heterogeneous systems (MemExplorer 5.5): the prefill split into attention and FFN groups, the
  // decode into phases that end at increasing fractions of the generated tokens, the last at 1.
  if (prefill > 1) {
    int attention = 0, ffn = 0;
    for (const auto& g : s.groups)
      if (g.role == DeviceRole::Prefill) {
        attention += g.layers == LayerSelection::Attention;
        ffn += g.layers == LayerSelection::Ffn;
      }
    if (prefill != 2 || attention != 1 || ffn != 1)
      r.fail("groups", "a prefill split by layer kind needs exactly two \"prefill\" groups, one with \"layers\": \"attention\" "
                       "and one with \"layers\": \"ffn\"");
  } else if (prefill == 1) {
    for (const auto& g : s.groups)
      if (g.role == DeviceRole::Prefill && g.layers != LayerSelection::All)
        r.fail("groups", "a single \"prefill\" group runs every layer; \"layers\": \"" + std::string(toString(g.layers)) +
                             "\" needs a second prefill group for the other layers");
  }
  if (decode > 0) {
    const auto phases = s.decodePhases();
    for (std::size_t i = 1; i < phases.size(); ++i)
      if (phases[i]->untilFraction <= phases[i - 1]->untilFraction)
        r.fail("groups", "two decode phases end at the same fraction (" + std::to_string(phases[i]->untilFraction) +
                             "); each \"decode\" group's \"until_fraction\" must differ");
    if (phases.back()->untilFraction != 1.0)
      r.fail("groups", "the last decode phase must end with the last generated token (\"until_fraction\": 1)");
  }
  s.sources = io::readSources(r);
  return s;
}

DeviceSpec PresetLibrary::device(const std::string& idOrFile) const {
  const auto file = resolve(PresetKind::Device, idOrFile);
  std::set<std::string> visiting;
  std::string where;
  const auto j = mergedDeviceJson(*this, file, visiting, where);
  return io::readDevice(io::JsonReader(j, where), idOf(file, mRoots, PresetKind::Device), *this);
}

SystemSpec PresetLibrary::system(const std::string& idOrFile) const {
  fs::path file;
  if (const auto p = find(PresetKind::System, idOrFile)) file = *p;
  else if (find(PresetKind::Device, idOrFile)) {
    SystemSpec s;
    s.groups.push_back({device(idOrFile), DeviceRole::Both, 1});
    s.id = idOrFile;
    s.name = s.groups.front().device.name;
    return s;
  } else file = resolve(PresetKind::System, idOrFile);
  const auto j = io::parseJsonFile(file.string());
  io::JsonReader r(j, file.string());
  if (j.is_object() && r.string("kind", "") == "device") {
    SystemSpec s;
    s.groups.push_back({device(file.string()), DeviceRole::Both, 1});
    s.id = s.groups.front().device.id;
    s.name = s.groups.front().device.name;
    return s;
  }
  return readSystem(r, idOf(file, mRoots, PresetKind::System), *this);
}

PresetInfo PresetLibrary::validate(const fs::path& file) const {
  const auto j = io::parseJsonFile(file.string());
  io::JsonReader r(j, file.string());
  if (!j.is_object()) r.failHere("expected a JSON object at the top level");
  const std::string kindText = r.string("kind");
  const auto kind = kindFromString(kindText);
  if (!kind) r.fail("kind", "expected memory_technology, model, workload, device, system or project; got \"" + kindText + "\"");
  PresetInfo info{*kind, idOf(file, mRoots, *kind), r.string("name", file.stem().string()), file};
  switch (*kind) {
  case PresetKind::MemoryTechnology: io::readMemoryTechnology(r, info.id); break;
  case PresetKind::Model: io::readModel(r, info.id); break;
  case PresetKind::Workload: io::readWorkload(r, info.id); break;
  case PresetKind::Device: device(file.string()); break;
  case PresetKind::System: system(file.string()); break;
  case PresetKind::Project: readProject(file, *this); break;
  }
  return info;
}

} // namespace llmwb
