// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A preset spec of any kind as one value, and its JSON document both ways: the Python module
// (python/) loads, edits and saves specs through these, so an edit is checked by the same
// readers, with the same messages, as a file or a `--set` on the command line.

#include "core/io/preset_library.h"

#include <string>
#include <variant>

namespace llmwb::io {

/// One preset spec (projects are not specs: they name specs).
using AnySpec = std::variant<MemoryTechnology, ModelSpec, Workload, DeviceSpec, SystemSpec>;

PresetKind kindOf(const AnySpec& spec);
/// The preset id the spec was read as ("memexplorer/p1"), or "" for one made from a document.
const std::string& idOf(const AnySpec& spec);

/// `kind` from its name or folder ("system" or "systems"); throws InputError naming `origin`.
PresetKind presetKindFrom(const std::string& text, const std::string& origin);

/// Reads the preset (id or file) of `kind` from `library` (a project is refused: it is not a spec).
AnySpec loadSpec(PresetKind kind, const std::string& idOrFile, const PresetLibrary& library);

/// The spec as the preset document the readers take (every device inline in a system; memory
/// parts by technology id), as JSON text indented by `indent` (-1: one line).
std::string specJsonText(const AnySpec& spec, int indent = -1);

/// Reads a preset document of `kind` from JSON text through the file readers: errors are
/// InputErrors naming `origin` as the file and the field as a JSON pointer. `id` becomes the
/// spec's id. A device's `base` names a device preset in `library`.
AnySpec readSpecText(PresetKind kind, const std::string& text, const std::string& origin, const std::string& id,
                     const PresetLibrary& library);

} // namespace llmwb::io
