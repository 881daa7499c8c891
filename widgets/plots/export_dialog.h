// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Export figure…": format, size in pixels or millimetres, DPI and the file; every plot's
// context menu opens it. "Export data…" asks only for a CSV or JSON file.

#include "widgets/plots/figure_export.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QLabel;

namespace llmwb::ui {

class PlotView;

class ExportDialog : public QDialog {
  Q_OBJECT
public:
  explicit ExportDialog(const QString& suggestedStem, QWidget* parent = nullptr);

  FigureFormat format() const;
  FigureSize size() const;
  QString path() const;
  void setPath(const QString& path);

  /// Runs the dialog and writes the figure; messages on failure.
  static void exportFigure(PlotView& plot, QWidget* parent);
  static void exportData(PlotView& plot, QWidget* parent);

private:
  void unitChanged();
  void formatChanged();
  void browse();
  void updatePixels();

  QComboBox* mFormat = nullptr;
  QComboBox* mUnit = nullptr;
  QDoubleSpinBox* mWidth = nullptr;
  QDoubleSpinBox* mHeight = nullptr;
  QDoubleSpinBox* mDpi = nullptr;
  QLabel* mPixels = nullptr;
  QLineEdit* mPath = nullptr;
};

} // namespace llmwb::ui
