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

/// The size of a figure: widthPx x heightPx pixels at `dpi` dots per inch, which makes its physical
/// size (widthPx / dpi inches). The layout is in points (1/72 in) of that physical size, so fonts
/// given in points keep their printed size whatever the figure's size: the PNG is widthPx pixels
/// wide, the PDF page widthMm()/25.4*72 pt and the SVG widthMm() mm, one size for all three.
struct FigureSize {
  int widthPx = 1600;
  int heightPx = 1000;
  double dpi = 150;
  /// widthMm x heightMm at `dpi`: the pixel size rounded to whole pixels.
  static FigureSize fromMillimetres(double widthMm, double heightMm, double dpi);
  double widthMm() const;
  double heightMm() const;
  double scale() const { return dpi / 72.0; } ///< device pixels per layout point
  int layoutWidth() const;                    ///< points
  int layoutHeight() const;                   ///< points
};

/// Paper sizes: one column of a two-column journal page, and the page's full text width
/// (Nature and IEEE both ask for about 89 mm and 183 mm).
constexpr double kColumnWidthMm = 89;
constexpr double kPageWidthMm = 183;
constexpr double kPaperDpi = 300;

/// A size asked for on a command line or in the dialog: a width in millimetres and, optionally,
/// a height (without one each figure picks the height that suits it: FigureView::heightForWidth).
struct PaperSize {
  double widthMm = kColumnWidthMm;
  std::optional<double> heightMm;
};
/// "column" (89 mm wide), "page" (183 mm), "WIDTHmm" or "WIDTHxHEIGHTmm" (e.g. 120x80mm); nullopt
/// with `error` saying what was expected. Sizes from 20 to 1000 mm.
std::optional<PaperSize> parsePaperSize(const QString& text, QString* error = nullptr);

/// Writes the plot as it would look at `size`; false with `error` set on failure (a folder that
/// does not exist, a file that cannot be written).
bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, const FigureSize& size,
                  QString* error = nullptr);
bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, int widthPx, int heightPx, double dpi,
                  QString* error = nullptr);
bool exportData(const PlotTable& table, const QString& path, DataFormat format, QString* error = nullptr);

} // namespace llmwb::ui
