// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/documentation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace llmwb::ui {

QString documentationUrl(const QString& name) {
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

} // namespace llmwb::ui
