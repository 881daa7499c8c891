// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/figure_export.h"

#include "widgets/plots/plot_view.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

namespace llmwb::ui {

QString extensionOf(FigureFormat f) {
  switch (f) {
  case FigureFormat::Png: return QStringLiteral("png");
  case FigureFormat::Pdf: return QStringLiteral("pdf");
  case FigureFormat::Svg: return QStringLiteral("svg");
  }
  return {};
}

QString extensionOf(DataFormat f) { return f == DataFormat::Csv ? QStringLiteral("csv") : QStringLiteral("json"); }

std::optional<FigureFormat> figureFormatFromName(const QString& name) {
  for (auto f : {FigureFormat::Png, FigureFormat::Pdf, FigureFormat::Svg})
    if (name.compare(extensionOf(f), Qt::CaseInsensitive) == 0) return f;
  return std::nullopt;
}

namespace {
constexpr double kMillimetresPerInch = 25.4;
constexpr double kSmallestMm = 20, kLargestMm = 1000;
} // namespace

FigureSize FigureSize::fromMillimetres(double widthMm, double heightMm, double dpi) {
  auto pixels = [&](double mm) { return std::max(1, int(std::lround(mm / kMillimetresPerInch * dpi))); };
  return {pixels(widthMm), pixels(heightMm), dpi};
}
double FigureSize::widthMm() const { return widthPx / dpi * kMillimetresPerInch; }
double FigureSize::heightMm() const { return heightPx / dpi * kMillimetresPerInch; }
int FigureSize::layoutWidth() const { return std::max(1, int(std::lround(widthPx / scale()))); }
int FigureSize::layoutHeight() const { return std::max(1, int(std::lround(heightPx / scale()))); }

std::optional<PaperSize> parsePaperSize(const QString& text, QString* error) {
  const QString t = text.trimmed().toLower();
  if (t == QLatin1String("column")) return PaperSize{kColumnWidthMm, std::nullopt};
  if (t == QLatin1String("page")) return PaperSize{kPageWidthMm, std::nullopt};
  static const QRegularExpression pattern(QStringLiteral(R"(^(\d+(?:\.\d+)?)(?:\s*x\s*(\d+(?:\.\d+)?))?\s*mm$)"));
  const auto match = pattern.match(t);
  const QString expected = QStringLiteral("column (%1 mm wide), page (%2 mm) or WIDTHxHEIGHTmm with sizes from %3 to %4 mm, "
                                          "e.g. 120x80mm")
                               .arg(kColumnWidthMm)
                               .arg(kPageWidthMm)
                               .arg(kSmallestMm)
                               .arg(kLargestMm);
  auto bad = [&]() -> std::optional<PaperSize> {
    if (error) *error = QStringLiteral("expected %1, got \"%2\"").arg(expected, text);
    return std::nullopt;
  };
  if (!match.hasMatch()) return bad();
  PaperSize size{match.captured(1).toDouble(), std::nullopt};
  if (match.hasCaptured(2)) size.heightMm = match.captured(2).toDouble();
  for (double mm : {size.widthMm, size.heightMm.value_or(size.widthMm)})
    if (!(mm >= kSmallestMm && mm <= kLargestMm)) return bad();
  return size;
}

namespace {
bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

bool writable(const QString& path, QString* error) {
  const QFileInfo info(path);
  if (!info.absoluteDir().exists())
    return fail(error, QStringLiteral("%1: folder %2 does not exist").arg(path, info.absolutePath()));
  return true;
}

/// QCustomPlot's savePng rounds layout size x scale; the image is made exactly the size asked.
bool savePng(QCustomPlot& plot, const QString& path, const FigureSize& size, QString* error) {
  QImage image = plot.toPixmap(size.layoutWidth(), size.layoutHeight(), size.scale()).toImage();
  if (image.width() != size.widthPx || image.height() != size.heightPx) {
    QImage exact(size.widthPx, size.heightPx, QImage::Format_ARGB32);
    exact.fill(image.pixelColor(0, 0)); // the plot's background
    QPainter painter(&exact);
    painter.drawImage(0, 0, image);
    painter.end();
    image = std::move(exact);
  }
  const int dotsPerMeter = int(std::lround(size.dpi / 0.0254));
  image.setDotsPerMeterX(dotsPerMeter);
  image.setDotsPerMeterY(dotsPerMeter);
  if (!image.save(path, "PNG")) return fail(error, QStringLiteral("%1: cannot write the PNG").arg(path));
  return true;
}

/// QCustomPlot has no saveSvg: QSvgGenerator as the paint device of a QCPPainter.
bool saveSvg(QCustomPlot& plot, const QString& path, const FigureSize& size, QString* error) {
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(QSize(size.layoutWidth(), size.layoutHeight()));
  svg.setViewBox(QRect(0, 0, size.layoutWidth(), size.layoutHeight()));
  svg.setResolution(72); // one layout unit is one point: width and height come out in mm
  svg.setTitle(QFileInfo(path).completeBaseName());
  svg.setDescription(QStringLiteral("llmwb figure"));
  QCPPainter painter;
  if (!painter.begin(&svg)) return fail(error, QStringLiteral("%1: cannot write the SVG").arg(path));
  plot.toPainter(&painter, size.layoutWidth(), size.layoutHeight());
  painter.end();
  if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) return fail(error, QStringLiteral("%1: cannot write the SVG").arg(path));
  return true;
}
bool saveFigure(QCustomPlot& plot, const QString& path, FigureFormat format, const FigureSize& size, QString* error) {
  switch (format) {
  case FigureFormat::Png: return savePng(plot, path, size, error);
  case FigureFormat::Svg: return saveSvg(plot, path, size, error);
  case FigureFormat::Pdf:
    // One PDF point per layout point: the page has the PNG's physical size.
    if (!plot.savePdf(path, size.layoutWidth(), size.layoutHeight(), QCP::epNoCosmetic, QStringLiteral("llmwb"),
                      QFileInfo(path).completeBaseName()))
      return fail(error, QStringLiteral("%1: cannot write the PDF").arg(path));
    return true;
  }
  return fail(error, QStringLiteral("%1: unknown figure format").arg(path));
}
} // namespace

bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, const FigureSize& size, QString* error) {
  if (size.widthPx <= 0 || size.heightPx <= 0 || !(size.dpi > 0))
    return fail(error, QStringLiteral("%1: the size must be positive (got %2 x %3 px at %4 dpi)")
                           .arg(path).arg(size.widthPx).arg(size.heightPx).arg(size.dpi));
  if (!writable(path, error)) return false;
  // Our plots are laid out for print first, unless the caller already did (several formats).
  auto* view = qobject_cast<PlotView*>(&plot);
  const bool layOut = view && !view->inFigureLayout();
  if (layOut) view->beginFigureLayout(QSize(size.layoutWidth(), size.layoutHeight()));
  const bool written = saveFigure(plot, path, format, size, error);
  if (layOut) view->endFigureLayout();
  return written;
}

bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, int widthPx, int heightPx, double dpi,
                  QString* error) {
  return exportFigure(plot, path, format, FigureSize{widthPx, heightPx, dpi}, error);
}

bool exportData(const PlotTable& table, const QString& path, DataFormat format, QString* error) {
  if (!writable(path, error)) return false;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
    return fail(error, QStringLiteral("%1: %2").arg(path, file.errorString()));
  file.write(format == DataFormat::Csv ? table.toCsv().toUtf8() : table.toJson());
  if (!file.commit()) return fail(error, QStringLiteral("%1: %2").arg(path, file.errorString()));
  return true;
}

} // namespace llmwb::ui
