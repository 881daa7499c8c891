// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/document/autosave.h"

#include "widgets/document/project_document.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTimer>


namespace llmwb::ui {

namespace {
/// The recovery copies of this process's live windows (their Autosavers): a window destroyed
/// without a clean close leaves its copy to be offered, one still open does not.
QSet<QString>& liveCopies() {
  static QSet<QString> copies;
  return copies;
}

/// The process's name as the kernel has it (Linux: /proc/PID/comm), empty when there is none.
QString processName(qint64 pid) {
  QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
  return comm.open(QIODevice::ReadOnly) ? QString::fromUtf8(comm.readAll()).trimmed() : QString();
}
} // namespace

Autosaver::Autosaver(QString folder, int intervalMs, QObject* parent)
    : QObject(parent), mFolder(std::move(folder)), mTimer(new QTimer(this)) {
  mPath = QDir(mFolder).filePath(QStringLiteral("session-%1-%2.llmwb")
                                     .arg(QCoreApplication::applicationPid())
                                     .arg(QDateTime::currentMSecsSinceEpoch()));
  liveCopies().insert(QFileInfo(mPath).absoluteFilePath());
  mTimer->setInterval(intervalMs);
  connect(mTimer, &QTimer::timeout, this, [this] { saveNow(); });
  mTimer->start();
}

Autosaver::~Autosaver() { liveCopies().remove(QFileInfo(mPath).absoluteFilePath()); }

QString Autosaver::defaultFolder() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
}

void Autosaver::setDocument(ProjectDocument* document) {
  if (mDocument) disconnect(mDocument, nullptr, this, nullptr);
  // Another project replaces this one (its unsaved edits were saved or given up): its copy goes.
  // Detaching (null) keeps the copy, as when the window is destroyed without a clean close.
  if (document) discard();
  mDocument = document;
  if (mDocument)
    connect(mDocument, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
      if (!modified) discard();
    });
}

QString Autosaver::saveNow() {
  if (!mDocument || !mDocument->isModified()) return {};
  QDir().mkpath(mFolder);
  Project copy = mDocument->project();
  // Remember where it came from, inside the UI state the workbench keeps.
  copy.uiState = withUiEntry(copy.uiState, "recovered_from", mDocument->filePath().toStdString());
  try {
    writeProject(copy, mPath.toStdString());
  } catch (const std::exception&) {
    return {};
  }
  emit saved(mPath);
  return mPath;
}

void Autosaver::discard() {
  if (QFileInfo::exists(mPath)) QFile::remove(mPath);
}


bool Autosaver::sessionRunning(const QString& copy) {
  // session-PID-MSECS.llmwb: a window of this process, or a live process of the same program
  // (a second llmwb), is still working on it. A process of that number running another program
  // took the number of one that ended.
  static const QRegularExpression name(QStringLiteral(R"(^session-(\d+)-\d+\.llmwb$)"));
  const auto match = name.match(QFileInfo(copy).fileName());
  if (!match.hasMatch()) return false;
  const qint64 pid = match.captured(1).toLongLong();
  if (pid == QCoreApplication::applicationPid()) return liveCopies().contains(QFileInfo(copy).absoluteFilePath());
  const QString running = processName(pid);
  return !running.isEmpty() && running == processName(QCoreApplication::applicationPid());
}

QStringList Autosaver::pending() const {
  QStringList files;
  const auto entries = QDir(mFolder).entryInfoList({QStringLiteral("*.llmwb")}, QDir::Files, QDir::Time);
  for (const auto& e : entries)
    if (e.absoluteFilePath() != QFileInfo(mPath).absoluteFilePath() && !sessionRunning(e.absoluteFilePath()))
      files << e.absoluteFilePath();
  return files;
}

} // namespace llmwb::ui
