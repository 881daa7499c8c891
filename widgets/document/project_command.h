// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/project.h"

#include <QUndoCommand>

namespace llmwb::ui {

class ProjectDocument;

/// One edit as the project before and after it. Specs are small (a few kilobytes), so a copy is
/// simpler and safer than an inverse per kind of edit, and every edit is undoable the same way.
class ProjectCommand : public QUndoCommand {
public:
  ProjectCommand(ProjectDocument* document, Project before, Project after, const QString& text, int mergeKey);

  void undo() override;
  void redo() override;
  int id() const override { return mMergeKey; }
  bool mergeWith(const QUndoCommand* other) override;

private:
  ProjectDocument* mDocument;
  Project mBefore;
  Project mAfter;
  int mMergeKey;
};

} // namespace llmwb::ui
