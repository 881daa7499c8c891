// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/spec_document.h"

#include "core/io/json_reader.h"
#include "core/io/readers.h"
#include "core/io/spec_json.h"

namespace llmwb::io {

namespace {
template <class... F> struct Overloaded : F... {
  using F::operator()...;
};
template <class... F> Overloaded(F...) -> Overloaded<F...>;
} // namespace

PresetKind kindOf(const AnySpec& spec) {
  return std::visit(Overloaded{[](const MemoryTechnology&) { return PresetKind::MemoryTechnology; },
                               [](const ModelSpec&) { return PresetKind::Model; },
                               [](const Workload&) { return PresetKind::Workload; },
                               [](const DeviceSpec&) { return PresetKind::Device; },
                               [](const SystemSpec&) { return PresetKind::System; }},
                    spec);
}

const std::string& idOf(const AnySpec& spec) {
  return std::visit([](const auto& s) -> const std::string& { return s.id; }, spec);
}

PresetKind presetKindFrom(const std::string& text, const std::string& origin) {
  for (auto kind : {PresetKind::MemoryTechnology, PresetKind::Model, PresetKind::Workload, PresetKind::Device, PresetKind::System})
    if (text == toString(kind) || text == folderOf(kind) || (kind == PresetKind::MemoryTechnology && text == "memory_technology"))
      return kind;
  throw InputError(origin, "kind", "expected memory, model, workload, device or system; got \"" + text + "\"");
}

AnySpec loadSpec(PresetKind kind, const std::string& idOrFile, const PresetLibrary& library) {
  switch (kind) {
  case PresetKind::MemoryTechnology: return library.memoryTechnology(idOrFile);
  case PresetKind::Model: return library.model(idOrFile);
  case PresetKind::Workload: return library.workload(idOrFile);
  case PresetKind::Device: return library.device(idOrFile);
  case PresetKind::System: return library.system(idOrFile);
  case PresetKind::Project: break;
  }
  throw InputError(idOrFile, "kind", "a project is not a spec: it names a system, a model and a workload");
}

std::string specJsonText(const AnySpec& spec, int indent) {
  const auto j = std::visit(Overloaded{[](const MemoryTechnology& t) { return memoryTechnologyJson(t); },
                                       [](const ModelSpec& m) { return modelJson(m); },
                                       [](const Workload& w) { return workloadJson(w); },
                                       [](const DeviceSpec& d) { return deviceJson(d); },
                                       [](const SystemSpec& s) { return systemJson(s); }},
                            spec);
  return j.dump(indent);
}

AnySpec readSpecText(PresetKind kind, const std::string& text, const std::string& origin, const std::string& id,
                     const PresetLibrary& library) {
  const auto j = parseJsonText(text, origin);
  const JsonReader r(j, origin);
  if (!j.is_object()) r.failHere("expected a JSON object at the top level");
  switch (kind) {
  case PresetKind::MemoryTechnology: return readMemoryTechnology(r, id);
  case PresetKind::Model: return readModel(r, id);
  case PresetKind::Workload: return readWorkload(r, id);
  case PresetKind::Device: {
    std::set<std::string> visiting;
    std::string where;
    const auto merged = withDeviceBase(library, j, origin, visiting, where);
    return readDevice(JsonReader(merged, where), id, library);
  }
  case PresetKind::System: return readSystem(r, id, library);
  case PresetKind::Project: break;
  }
  r.failHere("a project is not a spec: it names a system, a model and a workload");
}

} // namespace llmwb::io
