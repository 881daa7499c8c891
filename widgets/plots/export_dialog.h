// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Export figure…": format, a paper size (a journal column, 89 mm, or a page width, 183 mm) or a
// size in pixels or millimetres, DPI and the file; every plot's context menu opens it. Fonts are
// 7-9 pt at any size (the figure is laid out in points). "Export data…" asks only for a CSV or JSON file.

#include "widgets/plots/figure_export.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QLabel;

namespace llmwb::ui {

class PlotView;

class ExportDialog : public QDialog {
  Q_OBJECT
public:
  /// `heightForWidth` (mm to mm) gives the height a paper size starts with: the figure's own.
  explicit ExportDialog(const QString& suggestedStem, QWidget* parent = nullptr,
                        std::function<double(double)> heightForWidth = {});

  /// The paper sizes offered: "Custom", "Journal column (89 mm)", "Page width (183 mm)".
  void choosePaper(int index);
  int paperCount() const;

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

  std::function<double(double)> mHeightForWidth;
  QComboBox* mPaper = nullptr;
  QComboBox* mFormat = nullptr;
  QComboBox* mUnit = nullptr;
  QDoubleSpinBox* mWidth = nullptr;
  QDoubleSpinBox* mHeight = nullptr;
  QDoubleSpinBox* mDpi = nullptr;
  QLabel* mPixels = nullptr;
  QLineEdit* mPath = nullptr;
};

} // namespace llmwb::ui
