// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Design-space files (kind "design_space", presets/spaces/*.json; docs/dse.md has the format).

#include "core/dse/design_problem.h"
#include "core/io/preset_library.h"

#include <string>
#include <vector>

namespace llmwb {

/// Reads a space by preset id (presets/spaces/<id>.json in any preset root) or file. Every
/// problem is an InputError naming the file and the JSON-pointer field.
dse::DesignSpace readDesignSpace(const std::string& idOrFile, const PresetLibrary& library);
/// The same from JSON text (a results file embeds its space); `origin` names it in messages.
dse::DesignSpace parseDesignSpace(const std::string& text, const std::string& origin);

/// Reads and binds a space: an unknown spec field or a value it cannot take is an InputError at
/// /parameters/<i>/field.
dse::DesignProblem loadDesignProblem(const std::string& idOrFile, const PresetLibrary& library);
dse::DesignProblem bindDesignSpace(dse::DesignSpace space, const PresetLibrary& library);

/// True when `file` is a design-space document (kind "design_space"); it is then read and bound
/// completely (every problem an InputError), as `llmwb-cli validate` needs.
bool validateIfDesignSpace(const std::string& file, const PresetLibrary& library);

/// Ids of the spaces in every preset root, sorted.
std::vector<std::string> designSpaceIds(const PresetLibrary& library);

} // namespace llmwb
