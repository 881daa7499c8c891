// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The registry of spec fields a design-space parameter can set: "device.compute.mlen",
// "device.memory.off_chip[1].technology", ... Each field is a typed setter applied to a copy of
// the base SystemSpec; the registry is filled by one explicit registerBuiltins().

#include "core/dse/design_space.h"
#include "core/memory/memory_technology.h"
#include "core/system/system_spec.h"

#include <functional>
#include <string>
#include <vector>

namespace llmwb::dse {

/// Sets one field of a system from one parameter value. Throws std::invalid_argument when the
/// value does not suit the field (a negative count, an unknown format, an off-chip technology
/// on chip).
using SpecSetter = std::function<void(SystemSpec&, const ParameterValue&)>;

/// What a field pattern captured: `<technology>` gives `name`, `[<i>]` gives `index`.
struct FieldMatch {
  std::string field;
  std::string name;
  int index = -1;
};

/// Memory technologies by preset id, resolved outside core/dse (core/io reads them from presets).
/// Throws std::invalid_argument saying why an id is unknown.
using TechnologyResolver = std::function<MemoryTechnology(const std::string& id)>;

/// Memory technologies come from here, resolved once when a setter is made.
struct BindingContext {
  TechnologyResolver technology;
};

class SpecBindingRegistry {
public:
  /// Starts with the role prefixes (`prefill.`, `decode.`), which wrap any other field.
  SpecBindingRegistry();

  /// Makes the setter of one matched field for a parameter's domain; checks every discrete value
  /// up front (so a bad value is reported when the space is read, not halfway through a sweep).
  using Factory = std::function<SpecSetter(const FieldMatch&, const Domain&, const BindingContext&)>;

  /// `pattern` is dotted; a segment may be `<technology>` (any id) or end in `[<i>]` (an index).
  void add(std::string pattern, std::string description, Factory factory);

  /// Throws std::invalid_argument naming the field and every known pattern when nothing matches,
  /// or naming the value that does not suit it.
  SpecSetter bind(const std::string& field, const Domain& domain, const BindingContext& context) const;

  struct Entry {
    std::string pattern;
    std::string description;
    Factory factory;
  };
  const std::vector<Entry>& entries() const { return mEntries; }

private:
  std::vector<Entry> mEntries;
};

/// Adds the workbench's fields: `device.compute.<key>` for every key of every compute kind's table
/// (core/compute/compute_kind.h) and pe_array; `device.strategy|dma|power|package.<key>` from the
/// device tables (core/device/device_fields.h); memory (on-chip part counts, off-chip level
/// technology and count), quantisation, package memory counts and devices per group.
void registerBuiltins(SpecBindingRegistry& registry);
/// A registry holding registerBuiltins(), made once.
const SpecBindingRegistry& builtinBindings();

/// After the setters: parts with count 0 and levels left empty are dropped (Table 2's
/// "0 stacks / disabled"), and off-chip levels are ordered nearest-first by the bandwidth of one
/// part, fastest first, ties keeping their slot order. This reproduces every Table 5/6 hierarchy
/// (HBM4/HBM3E, then HBF, then LPDDR5X).
void normaliseMemory(MemoryHierarchy& memory);

} // namespace llmwb::dse
