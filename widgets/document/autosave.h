// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QTimer;

namespace llmwb::ui {

class ProjectDocument;

/// Crash recovery: while the project has unsaved edits, a copy is written (atomically) every
/// `interval` to the recovery folder; a clean save or close removes it. At start, copies left
/// behind by a crash are offered back. The user's own file is never touched.
class Autosaver : public QObject {
  Q_OBJECT
public:
  explicit Autosaver(QString folder, int intervalMs = 30000, QObject* parent = nullptr);
  ~Autosaver() override;

  /// The default folder: <AppDataLocation>/recovery.
  static QString defaultFolder();

  /// Follows `document`; a new document removes the previous one's copy, null only detaches.
  void setDocument(ProjectDocument* document);
  /// Writes the recovery copy now if there are unsaved edits; returns its path (empty if none).
  QString saveNow();
  /// Removes this session's recovery copy.
  void discard();
  QString recoveryPath() const { return mPath; }

  /// Recovery copies in the folder from sessions that did not end cleanly, newest first: not this
  /// window's, and not another running window's (of this process or another llmwb).
  QStringList pending() const;
  /// Whether the session that writes `copy` is still running (sessionRunning("…/session-PID-T.llmwb")).
  static bool sessionRunning(const QString& copy);

signals:
  void saved(const QString& path);

private:
  QString mFolder;
  QString mPath;
  ProjectDocument* mDocument = nullptr;
  QTimer* mTimer;
};

} // namespace llmwb::ui
