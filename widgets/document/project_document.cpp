// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/document/project_document.h"

#include "core/edit/package_edits.h"
#include "core/io/input_error.h"
#include "core/io/spec_writer.h"
#include "widgets/document/project_command.h"

#include <QFileInfo>
#include <QUndoStack>

namespace llmwb::ui {

ProjectDocument::ProjectDocument(const PresetLibrary& library, Project project, QString filePath, QObject* parent)
    : QObject(parent), mLibrary(library), mProject(std::move(project)), mFilePath(std::move(filePath)), mUndo(new QUndoStack(this)) {
  for (auto& group : mProject.system.system.groups)
    if (group.device.package) edit::completeFloorplan(*group.device.package);
  connect(mUndo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

std::unique_ptr<ProjectDocument> ProjectDocument::open(const PresetLibrary& library, const QString& path, QString* error,
                                                       QObject* parent) {
  try {
    return std::make_unique<ProjectDocument>(library, readProject(path.toStdString(), library), path, parent);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return nullptr;
  }
}

QString ProjectDocument::displayName() const {
  if (!mProject.name.empty()) return QString::fromStdString(mProject.name);
  return mFilePath.isEmpty() ? tr("Untitled") : QFileInfo(mFilePath).completeBaseName();
}

bool ProjectDocument::isModified() const { return !mUndo->isClean(); }

int ProjectDocument::mergeKey(const QString& address) { return int(qHash(address) & 0x7fffffffU); }

bool ProjectDocument::edit(const QString& text, const Edit& change, int mergeKey, QString* error) {
  Project next = mProject;
  try {
    change(next);
  } catch (const std::exception& e) {
    const QString message = QString::fromStdString(e.what());
    if (error) *error = message;
    emit editRefused(message);
    return false;
  }
  // An edited system is the project's own from now on: saved inline, not by preset id.
  if (!next.system.preset.empty() && next.system.preset == mProject.system.preset &&
      io::systemJsonText(next.system.system) != io::systemJsonText(mProject.system.system))
    next.system.preset.clear();
  mUndo->push(new ProjectCommand(this, mProject, std::move(next), text, mergeKey));
  return true;
}

void ProjectDocument::restore(const Project& project) {
  mProject = project;
  emit changed();
}

bool ProjectDocument::save(const QString& path, QString* error) {
  try {
    writeProject(mProject, path.toStdString());
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  mUndo->setClean();
  if (path != mFilePath) {
    mFilePath = path;
    emit filePathChanged(path);
  }
  return true;
}

} // namespace llmwb::ui
