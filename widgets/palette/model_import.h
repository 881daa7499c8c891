// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A Hugging Face config.json dropped on the palette becomes a model preset in the user's preset
// folder (core/io/hf_import.h, as `llmwb-cli import-model --out`), so it is listed, usable by
// projects and kept for the next session.

#include "core/io/preset_library.h"

#include <QString>

namespace llmwb::ui {

struct ImportedModel {
  QString reference; ///< what a project names it by: its preset id where the library finds it, else its file
  QString name;
  QString file; ///< the preset written
};

/// Imports `configFile` into `<userPresetFolder>/models/imported/<id>.json` (id: io::defaultModelId).
/// Throws InputError (file and field) for a config the importer does not take, std::exception
/// when the preset cannot be written.
ImportedModel importModelConfig(const QString& configFile, const QString& userPresetFolder, const PresetLibrary& library);

} // namespace llmwb::ui
