// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Drag and drop for widget tests: the events a real drag delivers to its target, in order.

#include <QApplication>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QWidget>

namespace llmwb::test {

/// Delivers enter, move and drop of `mime` at `pos` (widget coordinates); true when the target
/// accepted the drop. Takes ownership of `mime`.
inline bool dropOn(QWidget* target, QMimeData* mime, QPoint pos = {5, 5}, Qt::DropAction action = Qt::CopyAction) {
  const Qt::DropActions actions = Qt::CopyAction | Qt::MoveAction;
  QDragEnterEvent enter(pos, actions, mime, Qt::LeftButton, Qt::NoModifier);
  enter.setDropAction(action);
  QApplication::sendEvent(target, &enter);
  if (!enter.isAccepted()) {
    delete mime;
    return false;
  }
  QDragMoveEvent move(pos, actions, mime, Qt::LeftButton, Qt::NoModifier);
  move.setDropAction(action);
  QApplication::sendEvent(target, &move);
  QDropEvent drop(QPointF(pos), actions, mime, Qt::LeftButton, Qt::NoModifier);
  drop.setDropAction(action);
  QApplication::sendEvent(target, &drop);
  const bool accepted = drop.isAccepted();
  delete mime;
  return accepted;
}

} // namespace llmwb::test
