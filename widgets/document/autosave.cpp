// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/document/autosave.h"

#include "widgets/document/project_document.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>


namespace llmwb::ui {

Autosaver::Autosaver(QString folder, int intervalMs, QObject* parent)
    : QObject(parent), mFolder(std::move(folder)), mTimer(new QTimer(this)) {
  mPath = QDir(mFolder).filePath(QStringLiteral("session-%1-%2.llmwb")
                                     .arg(QCoreApplication::applicationPid())
                                     .arg(QDateTime::currentMSecsSinceEpoch()));
  mTimer->setInterval(intervalMs);
  connect(mTimer, &QTimer::timeout, this, [this] { saveNow(); });
  mTimer->start();
}

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

QStringList Autosaver::pending() const {
  QStringList files;
  const auto entries = QDir(mFolder).entryInfoList({QStringLiteral("*.llmwb")}, QDir::Files, QDir::Time);
  for (const auto& e : entries)
    if (e.absoluteFilePath() != QFileInfo(mPath).absoluteFilePath()) files << e.absoluteFilePath();
  return files;
}

} // namespace llmwb::ui
