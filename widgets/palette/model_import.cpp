// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/palette/model_import.h"

#include "core/io/atomic_file.h"
#include "core/io/hf_import.h"
#include "core/io/spec_writer.h"

#include <QDir>
#include <QFileInfo>

#include <filesystem>

namespace llmwb::ui {

ImportedModel importModelConfig(const QString& configFile, const QString& userPresetFolder, const PresetLibrary& library) {
  const std::string config = configFile.toStdString();
  const std::string id = "imported/" + io::defaultModelId(config);
  const ModelSpec model = io::importHuggingFaceConfig(config, id);
  const QString file = QDir(userPresetFolder).filePath(QStringLiteral("models/%1.json").arg(QString::fromStdString(id)));
  QDir().mkpath(QFileInfo(file).path());
  io::writeFileAtomically(file.toStdString(), io::modelJsonText(model) + "\n");
  // The user's folder is one of the library's roots in the application (not in every test).
  const auto found = library.find(PresetKind::Model, id);
  const bool listed = found && std::filesystem::equivalent(*found, file.toStdString());
  return {listed ? QString::fromStdString(id) : file, QString::fromStdString(model.name), file};
}

} // namespace llmwb::ui
