// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Figures and their data to files: PNG (raster at a DPI), PDF and SVG (vector), CSV and JSON.

#include "widgets/plots/plot_table.h"

#include <QString>

#include <optional>

class QCustomPlot;

namespace llmwb::ui {

enum class FigureFormat { Png, Pdf, Svg };
enum class DataFormat { Csv, Json };

QString extensionOf(FigureFormat f); ///< "png", "pdf", "svg"
QString extensionOf(DataFormat f);   ///< "csv", "json"
std::optional<FigureFormat> figureFormatFromName(const QString& name); ///< case-insensitive "png", ...

/// The size of a figure: the image is widthPx x heightPx pixels at `dpi` dots per inch, so the
/// layout (fonts in points) is that of a widthPx/dpi-inch wide figure.
struct FigureSize {
  int widthPx = 1600;
  int heightPx = 1000;
  double dpi = 150;
  double scale() const { return dpi / 96.0; } ///< device pixels per layout pixel
  int layoutWidth() const;
  int layoutHeight() const;
};

/// Writes the plot as it would look at `size`; false with `error` set on failure (a folder that
/// does not exist, a file that cannot be written).
bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, const FigureSize& size,
                  QString* error = nullptr);
bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, int widthPx, int heightPx, double dpi,
                  QString* error = nullptr);
bool exportData(const PlotTable& table, const QString& path, DataFormat format, QString* error = nullptr);

} // namespace llmwb::ui
