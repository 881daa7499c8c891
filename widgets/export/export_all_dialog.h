// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export all figures: the folder (starting beside the project), the size (a journal
// column, a page width, or a screen's pixels) and the formats, as one FigureJob.

#include "widgets/export/project_export.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace llmwb::ui {

class ExportAllDialog : public QDialog {
  Q_OBJECT
public:
  /// `startFolder`: where the folder field starts (the project's folder; empty: home).
  explicit ExportAllDialog(const QString& startFolder, QWidget* parent = nullptr);

  /// The sizes offered, in order: "Journal column (89 mm wide, up to 120 mm tall)", "Page width
  /// (183 mm)", "Screen (1600 x 1000 px at 150 dpi)".
  void chooseSize(int index);
  int sizeCount() const;
  void setFolder(const QString& folder);
  /// The export asked for (outDir, formats, size; the theme is the caller's).
  FigureJob job() const;

private:
  void browse();
  void updateOk();

  QLineEdit* mFolder = nullptr;
  QComboBox* mSize = nullptr;
  QCheckBox* mPng = nullptr;
  QCheckBox* mPdf = nullptr;
  QCheckBox* mSvg = nullptr;
  class QPushButton* mOk = nullptr;
};

} // namespace llmwb::ui
