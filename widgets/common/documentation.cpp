// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/documentation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QUrl>

namespace llmwb::ui {

namespace {
QString locate(const QString& name) {
  const QString app = QCoreApplication::applicationDirPath();
  // build/app/gui/llmwb (and the tests under build/tests/...): the source tree's docs/ above the
  // build folder; installed: <prefix>/bin/llmwb and <prefix>/share/doc/llmwb.
  const QStringList folders{QStringLiteral(LLMWB_SOURCE_DOCS), app + QStringLiteral("/../share/doc/llmwb"),
                            QStringLiteral("/usr/share/doc/llmwb")};
  for (const QString& folder : folders) {
    const QFileInfo file(QDir(folder).filePath(name));
    if (file.isFile()) return QUrl::fromLocalFile(file.absoluteFilePath()).toString();
  }
  return {};
}
} // namespace

QString documentationUrl(const QString& name) {
  // Asked on every new result (GUI thread only): the folders are looked at once per name.
  static QHash<QString, QString> found;
  if (const auto it = found.constFind(name); it != found.constEnd()) return *it;
  return found[name] = locate(name);
}

} // namespace llmwb::ui
