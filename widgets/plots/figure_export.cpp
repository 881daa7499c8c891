// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/figure_export.h"

#include <QFile>
#include <QFileInfo>
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

int FigureSize::layoutWidth() const { return std::max(1, int(std::lround(widthPx / scale()))); }
int FigureSize::layoutHeight() const { return std::max(1, int(std::lround(heightPx / scale()))); }

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
  svg.setResolution(96);
  svg.setTitle(QFileInfo(path).completeBaseName());
  svg.setDescription(QStringLiteral("llmwb figure"));
  QCPPainter painter;
  if (!painter.begin(&svg)) return fail(error, QStringLiteral("%1: cannot write the SVG").arg(path));
  plot.toPainter(&painter, size.layoutWidth(), size.layoutHeight());
  painter.end();
  if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) return fail(error, QStringLiteral("%1: cannot write the SVG").arg(path));
  return true;
}
} // namespace

bool exportFigure(QCustomPlot& plot, const QString& path, FigureFormat format, const FigureSize& size, QString* error) {
  if (size.widthPx <= 0 || size.heightPx <= 0 || !(size.dpi > 0))
    return fail(error, QStringLiteral("%1: the size must be positive (got %2 x %3 px at %4 dpi)")
                           .arg(path).arg(size.widthPx).arg(size.heightPx).arg(size.dpi));
  if (!writable(path, error)) return false;
  switch (format) {
  case FigureFormat::Png: return savePng(plot, path, size, error);
  case FigureFormat::Svg: return saveSvg(plot, path, size, error);
  case FigureFormat::Pdf:
    // One PDF point per layout pixel: the page keeps the PNG's proportions and font sizes.
    if (!plot.savePdf(path, size.layoutWidth(), size.layoutHeight(), QCP::epNoCosmetic, QStringLiteral("llmwb"),
                      QFileInfo(path).completeBaseName()))
      return fail(error, QStringLiteral("%1: cannot write the PDF").arg(path));
    return true;
  }
  return fail(error, QStringLiteral("%1: unknown figure format").arg(path));
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
