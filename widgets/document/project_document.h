// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/preset_library.h"
#include "core/io/project.h"

#include <QObject>
#include <QString>

#include <functional>

class QUndoStack;

namespace llmwb::ui {

/// The open project: the one place edits happen. Every edit is a function of the Project, run on
/// a copy and pushed to the undo stack as a command holding the states before and after, so undo
/// and redo restore everything (counts, floorplans, pinned systems) exactly. Package devices are
/// re-resolved after each edit, so the spec is always ready to evaluate.
class ProjectDocument : public QObject {
  Q_OBJECT
public:
  using Edit = std::function<void(Project&)>;

  ProjectDocument(const PresetLibrary& library, Project project, QString filePath = {}, QObject* parent = nullptr);

  /// Reads a project file; on failure returns null and sets `error` (file, field, what was expected).
  static std::unique_ptr<ProjectDocument> open(const PresetLibrary& library, const QString& path, QString* error,
                                               QObject* parent = nullptr);

  const PresetLibrary& library() const { return mLibrary; }
  const Project& project() const { return mProject; }
  const SystemSpec& system() const { return mProject.system.system; }
  QUndoStack* undoStack() const { return mUndo; }

  QString filePath() const { return mFilePath; }
  QString displayName() const;
  bool isModified() const;

  /// Runs `edit` on a copy of the project; if it succeeds, pushes it as one undoable step named
  /// `text`. Edits with the same non-negative `mergeKey` in a row merge into one step (a spin box
  /// stepped ten times is one undo). An edit that throws changes nothing: the message is returned
  /// in `error` and emitted as editRefused.
  bool edit(const QString& text, const Edit& edit, int mergeKey = -1, QString* error = nullptr);

  /// Writes the project (atomically) and marks it unmodified; `error` says why it failed.
  bool save(const QString& path, QString* error);

  /// Used by undo commands: replaces the whole project.
  void restore(const Project& project);

  /// The merge key of the field at `address` (see edit()): derived from where the field is and what
  /// it sets ("device/0/Frequency/frequency_MHz", "part-count/0/1/0"), so that two different fields
  /// never merge into one undo step.
  static int mergeKey(const QString& address);

signals:
  /// The project changed (an edit, an undo, a redo): everything showing it refreshes.
  void changed();
  void editRefused(const QString& message);
  void filePathChanged(const QString& path);
  void modifiedChanged(bool modified);

private:
  const PresetLibrary& mLibrary;
  Project mProject;
  QString mFilePath;
  QUndoStack* mUndo;
};

} // namespace llmwb::ui
