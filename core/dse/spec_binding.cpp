// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dse/spec_binding.h"

#include "core/engine/engine_registry.h"

#include "core/compute/compute_kind.h"
#include "core/device/device_fields.h"
#include "core/package/package.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace llmwb::dse {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == sep) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

/// Matches one dotted field against a pattern; fills the captures.
bool matches(const std::string& pattern, const std::string& field, FieldMatch& match) {
  const auto want = split(pattern, '.');
  const auto got = split(field, '.');
  if (want.size() != got.size()) return false;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::string& w = want[i];
    const std::string& g = got[i];
    if (w == "<technology>") {
      if (g.empty()) return false;
      match.name = g;
      continue;
    }
    const auto bracket = w.find("[<i>]");
    if (bracket == std::string::npos) {
      if (w != g) return false;
      continue;
    }
    const std::string stem = w.substr(0, bracket);
    if (g.size() < stem.size() + 3 || g.compare(0, stem.size(), stem) != 0 || g[stem.size()] != '[' || g.back() != ']')
      return false;
    const std::string digits = g.substr(stem.size() + 1, g.size() - stem.size() - 2);
    if (digits.empty() || digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) return false;
    match.index = std::stoi(digits);
  }
  match.field = field;
  return true;
}

double number(const ParameterValue& v, const std::string& field) {
  if (const double* d = std::get_if<double>(&v)) return *d;
  throw std::invalid_argument(field + " takes numbers, not \"" + std::get<std::string>(v) + "\"");
}

const std::string& text(const ParameterValue& v, const std::string& field) {
  if (const std::string* s = std::get_if<std::string>(&v)) return *s;
  throw std::invalid_argument(field + " takes names, not the number " + toString(v));
}

int wholeNumber(const ParameterValue& v, const std::string& field, int low) {
  const double d = number(v, field);
  if (d != std::floor(d) || d < low || d > 1e6)
    throw std::invalid_argument(field + " takes whole numbers from " + std::to_string(low) + ", not " + toString(v));
  return int(d);
}

/// Runs `check` on every discrete value so a bad one is reported when the space is read.
template <class Check> void checkValues(const Domain& domain, Check check) {
  for (const auto& v : domain.values) check(v);
  if (!domain.discrete()) {
    check(ParameterValue(domain.low));
    check(ParameterValue(domain.high));
  }
}

SpecSetter forEachDevice(std::function<void(DeviceSpec&, const ParameterValue&)> set) {
  return [set = std::move(set)](SystemSpec& system, const ParameterValue& v) {
    for (auto& group : system.groups) set(group.device, v);
  };
}

/// A parameter value checked against a table field; the complaint names the whole spec field.
params::FieldValue checked(const params::FieldInfo& f, const ParameterValue& v, const std::string& field) {
  try {
    return params::checkValue(f, v);
  } catch (const params::FieldError& e) {
    throw std::invalid_argument(field + ": " + e.what());
  }
}

/// Compute and memory fields describe a device directly; a chiplet package has neither.
void refusePackage(const DeviceSpec& d, const std::string& field) {
  if (d.package)
    throw std::invalid_argument(field + ": device \"" + d.id +
                                "\" is a chiplet package; its compute and memory come from the device.package.* fields");
}

/// device.compute.<key>: the field of that key in the device's compute kind (core/compute/<kind>/).
SpecBindingRegistry::Factory computeField(std::string key) {
  return [key](const FieldMatch& m, const Domain& domain, const BindingContext&) {
    checkValues(domain, [&](const ParameterValue& v) {
      for (const auto* kind : computeKinds().kinds())
        if (const auto* f = kind->fields().find(key)) checked(*f, v, m.field);
    });
    return forEachDevice([key, field = m.field](DeviceSpec& d, const ParameterValue& v) {
      refusePackage(d, field);
      const auto* f = d.compute.kind().fields().find(key);
      if (!f)
        throw std::invalid_argument(field + " needs a compute unit with \"" + key + "\"; device \"" + d.id + "\" has " +
                                    d.compute.kindName());
      f->set(d.compute, checked(*f, v, field));
    });
  };
}

/// device.<block>.<key> of the device tables (core/device/device_fields.h).
SpecBindingRegistry::Factory deviceField(const params::Field<DeviceSpec>& f) {
  return [f](const FieldMatch& m, const Domain& domain, const BindingContext&) {
    checkValues(domain, [&](const ParameterValue& v) { checked(f, v, m.field); });
    return forEachDevice([f, field = m.field](DeviceSpec& d, const ParameterValue& v) { f.set(d, checked(f, v, field)); });
  };
}

/// "2048x128" -> MLEN 2048, BLEN 128 (Table 6's PE Array column is MLEN x BLEN).
std::pair<int, int> peArray(const ParameterValue& v, const std::string& field) {
  const std::string& s = text(v, field);
  const auto x = s.find('x');
  try {
    if (x != std::string::npos) {
      std::size_t used = 0;
      const int mlen = std::stoi(s.substr(0, x), &used);
      if (used == x) {
        const int blen = std::stoi(s.substr(x + 1), &used);
        if (used == s.size() - x - 1 && mlen > 0 && blen > 0) {
          if (mlen % blen) throw std::invalid_argument(field + ": PLENA needs MLEN % BLEN == 0, not \"" + s + "\"");
          return {mlen, blen};
        }
      }
    }
  } catch (const std::out_of_range&) {
  }
  throw std::invalid_argument(field + " takes \"MLENxBLEN\" such as \"2048x128\", not \"" + s + "\"");
}

/// Resolves each technology once; the copies lose their source notes (they are not needed to
/// evaluate and make every design copy cheaper).
MemoryTechnology resolveTechnology(const BindingContext& context, const std::string& id, MemoryPlacement placement,
                                   const std::string& field) {
  MemoryTechnology t;
  try {
    t = context.technology(id);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(field + ": unknown memory technology \"" + id + "\" (" + e.what() + ")");
  }
  if (t.placement != placement)
    throw std::invalid_argument(field + ": \"" + id + "\" is " + (placement == MemoryPlacement::OnChip ? "off-chip" : "on-chip") +
                                " memory");
  t.sources.clear();
  return t;
}

PackageSpec& package(DeviceSpec& device, const std::string& field) {
  if (device.package) return *device.package;
  throw std::invalid_argument(field + " needs a chiplet-package device; \"" + device.id + "\" has none");
}

/// Off-chip slots a space may name: a slot past the base's adds a level, and no device has more
/// than a few (MemExplorer Table 2 stacks at most two off-chip technologies).
constexpr int kMaxOffChipSlots = 8;

void checkSlotIndex(const FieldMatch& m) {
  if (m.index >= kMaxOffChipSlots)
    throw std::invalid_argument(m.field + ": off-chip slot " + std::to_string(m.index) + " is out of range (a device has at most " +
                                std::to_string(kMaxOffChipSlots) + " off-chip levels, slots 0 to " + std::to_string(kMaxOffChipSlots - 1) + ")");
}

MemoryLevel& offChipSlot(DeviceSpec& d, const std::string& field, int index) {
  refusePackage(d, field);
  if (int(d.memory.offChip.size()) <= index) d.memory.offChip.resize(std::size_t(index) + 1);
  auto& level = d.memory.offChip[std::size_t(index)];
  if (level.parts.empty()) level.parts.push_back(MemoryPart{MemoryTechnology{}, 0});
  return level;
}

} // namespace

void SpecBindingRegistry::add(std::string pattern, std::string description, Factory factory) {
  mEntries.push_back({std::move(pattern), std::move(description), std::move(factory)});
}

namespace {
/// `role.<field>`: a device field (or `count`) on the groups of one role only, so a space can
/// co-design the prefill and the decode device of a disaggregated system.
struct RolePrefix {
  const char* prefix;
  DeviceRole role;
  const char* name;
};
constexpr RolePrefix kRolePrefixes[] = {{"prefill.", DeviceRole::Prefill, "prefill"}, {"decode.", DeviceRole::Decode, "decode"}};

SpecSetter forRole(const RolePrefix& r, const std::string& field, SpecSetter inner) {
  return [&r, field, inner = std::move(inner)](SystemSpec& system, const ParameterValue& v) {
    // The role's groups are moved into a system of their own, set, and moved back in place.
    SystemSpec part;
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < system.groups.size(); ++i)
      if (system.groups[i].role == r.role) {
        at.push_back(i);
        part.groups.push_back(std::move(system.groups[i]));
      }
    if (at.empty()) throw std::invalid_argument(field + ": the system has no " + r.name + " group (a disaggregated system has both roles)");
    try {
      inner(part, v);
    } catch (const std::invalid_argument& e) {
      for (std::size_t k = 0; k < at.size(); ++k) system.groups[at[k]] = std::move(part.groups[k]);
      const std::string what = e.what();
      throw std::invalid_argument(what.rfind(field.substr(std::string(r.prefix).size()), 0) == 0 ? r.prefix + what : field + ": " + what);
    }
    for (std::size_t k = 0; k < at.size(); ++k) system.groups[at[k]] = std::move(part.groups[k]);
  };
}
} // namespace

SpecBindingRegistry::SpecBindingRegistry() {
  add("prefill.device.<field>", "any device.<field> on the prefill groups only (disaggregated systems)", nullptr);
  add("decode.device.<field>", "any device.<field> on the decode groups only", nullptr);
  add("prefill.count", "devices in every prefill group", nullptr);
  add("decode.count", "devices in every decode group", nullptr);
}

SpecSetter SpecBindingRegistry::bind(const std::string& field, const Domain& domain, const BindingContext& context) const {
  for (const auto& r : kRolePrefixes) {
    if (field.rfind(r.prefix, 0) != 0) continue;
    std::string rest = field.substr(std::string(r.prefix).size());
    if (rest == "count") rest = "group.count";
    else if (rest.rfind("device.", 0) != 0)
      throw std::invalid_argument("unknown spec field \"" + field + "\" (a role takes " + r.prefix + "device.<field> or " +
                                  r.prefix + "count)");
    try {
      return forRole(r, field, bind(rest, domain, context));
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      throw std::invalid_argument(what.rfind(rest, 0) == 0 ? r.prefix + what : field + ": " + what);
    }
  }
  for (const auto& e : mEntries) {
    if (!e.factory) continue; // described above, bound by prefix
    FieldMatch m;
    if (matches(e.pattern, field, m)) return e.factory(m, domain, context);
  }
  std::string known;
  for (const auto& e : mEntries) known += (known.empty() ? "" : ", ") + e.pattern;
  throw std::invalid_argument("unknown spec field \"" + field + "\" (known: " + known + ")");
}

void registerBuiltins(SpecBindingRegistry& r) {
  // device.compute.<key>: every key a compute kind declares, described by the first kind that has it.
  std::vector<std::pair<std::string, std::string>> computeKeys; // key, description
  for (const auto* kind : computeKinds().kinds())
    for (const auto& f : kind->fields().fields()) {
      const auto it = std::find_if(computeKeys.begin(), computeKeys.end(), [&](const auto& k) { return k.first == f.key; });
      if (it == computeKeys.end()) computeKeys.emplace_back(f.key, f.doc + (f.unit.empty() ? "" : ", " + f.unit) + " (" + kind->name() + ")");
      else it->second.insert(it->second.size() - 1, ", " + kind->name());
    }
  for (const auto& [key, description] : computeKeys) r.add("device.compute." + key, description, computeField(key));
  r.add("device.compute.pe_array", "PLENA \"MLENxBLEN\" (Table 2/6 PE Array)",
        [](const FieldMatch& m, const Domain& domain, const BindingContext&) {
          checkValues(domain, [&](const ParameterValue& v) { peArray(v, m.field); });
          return forEachDevice([field = m.field](DeviceSpec& d, const ParameterValue& v) {
            refusePackage(d, field);
            const auto [mlen, blen] = peArray(v, field);
            const auto& fields = d.compute.kind().fields();
            const auto* mlenField = fields.find("mlen");
            const auto* blenField = fields.find("blen");
            if (!mlenField || !blenField)
              throw std::invalid_argument(field + " needs a compute unit with mlen and blen; device \"" + d.id + "\" has " +
                                          d.compute.kindName());
            mlenField->set(d.compute, double(mlen));
            blenField->set(d.compute, double(blen));
          });
        });
  r.add("device.memory.on_chip.<technology>.count", "parts of one on-chip technology (0: none)",
        [](const FieldMatch& m, const Domain& domain, const BindingContext& context) {
          checkValues(domain, [&](const ParameterValue& v) { wholeNumber(v, m.field, 0); });
          const MemoryTechnology tech = resolveTechnology(context, m.name, MemoryPlacement::OnChip, m.field);
          return forEachDevice([tech, field = m.field](DeviceSpec& d, const ParameterValue& v) {
            refusePackage(d, field);
            const int count = wholeNumber(v, field, 0);
            auto& parts = d.memory.onChip.parts;
            const auto it = std::find_if(parts.begin(), parts.end(), [&](const MemoryPart& p) { return p.technology.id == tech.id; });
            if (it != parts.end()) it->count = count;
            else parts.push_back(MemoryPart{tech, count});
          });
        });
  r.add("device.memory.off_chip[<i>].technology", "technology of off-chip slot i (levels are ordered afterwards)",
        [](const FieldMatch& m, const Domain& domain, const BindingContext& context) {
          checkSlotIndex(m);
          std::map<std::string, MemoryTechnology> techs;
          checkValues(domain, [&](const ParameterValue& v) {
            const std::string& id = text(v, m.field);
            techs.emplace(id, resolveTechnology(context, id, MemoryPlacement::OffChip, m.field));
          });
          return forEachDevice([techs, index = m.index, field = m.field](DeviceSpec& d, const ParameterValue& v) {
            auto& level = offChipSlot(d, field, index);
            const int count = level.parts.front().count; // set by the slot's count parameter, or the base's
            level.parts = {MemoryPart{techs.at(text(v, field)), count}};
          });
        });
  r.add("device.memory.off_chip[<i>].count", "parts in off-chip slot i (0: the slot is absent)",
        [](const FieldMatch& m, const Domain& domain, const BindingContext&) {
          checkSlotIndex(m);
          checkValues(domain, [&](const ParameterValue& v) { wholeNumber(v, m.field, 0); });
          return forEachDevice([index = m.index, field = m.field](DeviceSpec& d, const ParameterValue& v) {
            auto& level = offChipSlot(d, field, index);
            for (auto& p : level.parts) p.count = wholeNumber(v, field, 0);
          });
        });
  // device.quantisation.*, device.strategy.*, device.dma.*, device.power.*, device.package.*: the device tables.
  for (const auto& f : deviceFields().fields())
    r.add("device." + f.key, f.doc + (f.unit.empty() ? "" : ", " + f.unit), deviceField(f));
  r.add("device.package.memory[<i>].count", "parts of the package's memory entry i",
        [](const FieldMatch& m, const Domain& domain, const BindingContext&) {
          checkValues(domain, [&](const ParameterValue& v) { wholeNumber(v, m.field, 0); });
          return forEachDevice([index = m.index, field = m.field](DeviceSpec& d, const ParameterValue& v) {
            auto& memory = package(d, field).memory;
            if (index >= int(memory.size()))
              throw std::invalid_argument(field + ": the package lists " + std::to_string(memory.size()) + " memory entries");
            memory[std::size_t(index)].part.count = wholeNumber(v, field, 0);
          });
        });
  r.add("device.engine", "the engine that models the device (llmwb-cli engines list), e.g. its own or the roofline",
        [](const FieldMatch& m, const Domain& domain, const BindingContext&) {
          checkValues(domain, [&](const ParameterValue& v) {
            try {
              engine::engines().get(text(v, m.field));
            } catch (const std::invalid_argument& e) {
              throw std::invalid_argument(m.field + ": " + e.what());
            }
          });
          return forEachDevice([field = m.field](DeviceSpec& d, const ParameterValue& v) { d.engine = text(v, field); });
        });
  // system.<block>.<key>: the engines' system-level settings (the npusim engine's parallelism).
  for (const auto* settings : engine::engineSettings())
    for (const auto& f : settings->fields().fields())
      r.add("system." + settings->block + "." + f.key, f.doc + (f.unit.empty() ? "" : ", " + f.unit) + " (" + settings->title + ")",
            [f, settings](const FieldMatch& m, const Domain& domain, const BindingContext&) {
              checkValues(domain, [&](const ParameterValue& v) { checked(f, v, m.field); });
              return SpecSetter([f, settings, field = m.field](SystemSpec& s, const ParameterValue& v) {
                settings->add(s);
                f.set(s, checked(f, v, field));
              });
            });
  r.add("group.count", "devices in every group (tensor parallel)", [](const FieldMatch& m, const Domain& domain, const BindingContext&) {
    checkValues(domain, [&](const ParameterValue& v) { wholeNumber(v, m.field, 1); });
    return SpecSetter([field = m.field](SystemSpec& s, const ParameterValue& v) {
      for (auto& g : s.groups) g.count = wholeNumber(v, field, 1);
    });
  });
}

const SpecBindingRegistry& builtinBindings() {
  static const SpecBindingRegistry registry = [] {
    SpecBindingRegistry r;
    registerBuiltins(r);
    return r;
  }();
  return registry;
}

void normaliseMemory(MemoryHierarchy& memory) {
  auto dropEmptyParts = [](MemoryLevel& level) {
    std::erase_if(level.parts, [](const MemoryPart& p) { return p.count <= 0 || p.technology.id.empty(); });
  };
  dropEmptyParts(memory.onChip);
  for (auto& level : memory.offChip) dropEmptyParts(level);
  std::erase_if(memory.offChip, [](const MemoryLevel& l) { return l.empty(); });
  auto partBandwidth = [](const MemoryLevel& l) {
    double b = 0;
    for (const auto& p : l.parts) b = std::max(b, p.technology.bandwidth.value());
    return b;
  };
  std::stable_sort(memory.offChip.begin(), memory.offChip.end(),
                   [&](const MemoryLevel& a, const MemoryLevel& b) { return partBandwidth(a) > partBandwidth(b); });
}

} // namespace llmwb::dse
