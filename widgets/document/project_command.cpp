// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/document/project_command.h"

#include "widgets/document/project_document.h"

namespace llmwb::ui {

ProjectCommand::ProjectCommand(ProjectDocument* document, Project before, Project after, const QString& text, int mergeKey)
    : mDocument(document), mBefore(std::move(before)), mAfter(std::move(after)), mMergeKey(mergeKey) {
  setText(text);
}

void ProjectCommand::undo() { mDocument->restore(mBefore); }

void ProjectCommand::redo() { mDocument->restore(mAfter); }

bool ProjectCommand::mergeWith(const QUndoCommand* other) {
  if (other->id() != id() || id() < 0) return false;
  mAfter = static_cast<const ProjectCommand*>(other)->mAfter;
  setText(other->text()); // "... to 6", not the first step's "... to 5"
  return true;
}

} // namespace llmwb::ui
