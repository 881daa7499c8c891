// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "app/cli/cli_args.h"
#include "core/io/preset_library.h"

namespace llmwb::cli {

/// The presets a command reads: --presets DIR if given, else the standard search path.
inline PresetLibrary libraryFor(const Args& args) {
  return args.value("presets") ? PresetLibrary({*args.value("presets")}) : PresetLibrary();
}

} // namespace llmwb::cli
