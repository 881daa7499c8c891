// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/plot_style.h"

#include <QApplication>
#include <QPalette>
#include <qcustomplot.h>

#include <array>
#include <cmath>

namespace llmwb::ui {

namespace {
// Okabe & Ito (2008), "Color Universal Design": eight colours told apart with any colour vision.
// Dark variants are the same hues lightened so they keep their contrast on a dark background.
constexpr std::array<QRgb, 8> kLight = {0xff0072b2, 0xffd55e00, 0xff009e73, 0xffcc79a7,
                                        0xffe69f00, 0xff56b4e9, 0xff7a7a7a, 0xfff0e442};
constexpr std::array<QRgb, 8> kDark = {0xff4ea3e0, 0xffff8c42, 0xff2fd4a3, 0xffe8a0c8,
                                       0xffffbf3f, 0xff8fd3ff, 0xffb0b0b0, 0xfff5ec7a};

QColor pick(std::size_t index, bool dark) { return QColor::fromRgba((dark ? kDark : kLight)[index % kLight.size()]); }

// Memory levels: Paul Tol's "muted" scheme (indigo, wine, olive, purple, green), dark and
// unlike the Okabe-Ito hues of the operator classes; dark variants lightened.
constexpr std::array<QRgb, 5> kLevelLight = {0xff332288, 0xff882255, 0xff999933, 0xffaa4499, 0xff117733};
constexpr std::array<QRgb, 5> kLevelDark = {0xff9988ee, 0xffdd6699, 0xffcccc55, 0xffdd88cc, 0xff44bb66};

QFont sized(QFont f, double points, bool bold = false) {
  f.setPointSizeF(points);
  f.setBold(bold);
  return f;
}
} // namespace

PlotTheme plotTheme(bool dark) {
  PlotTheme t;
  t.dark = dark;
  t.background = dark ? QColor(0x1e, 0x1f, 0x22) : QColor(Qt::white);
  t.foreground = dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
  t.grid = dark ? QColor(0x4a, 0x4c, 0x52) : QColor(0xd0, 0xd0, 0xd0);
  t.subGrid = dark ? QColor(0x34, 0x36, 0x3a) : QColor(0xec, 0xec, 0xec);
  t.muted = dark ? QColor(0x80, 0x80, 0x80, 150) : QColor(0xa0, 0xa0, 0xa0, 150);
  t.highlight = dark ? QColor(0xff, 0xd5, 0x4f) : QColor(0xc6, 0x28, 0x28);
  // Never below 11 pt for numbers: log-axis exponents are drawn smaller still, and 1920x1080
  // on a 24" screen needs them readable; points scale with HiDPI by themselves.
  const QFont base = QApplication::font();
  const double points = std::max(10.0, base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
  t.tickFont = sized(base, points + 1);
  t.labelFont = sized(base, points + 2);
  t.legendFont = sized(base, points + 1);
  t.titleFont = sized(base, points + 2, true);
  return t;
}

PlotTheme printTheme(bool dark) {
  PlotTheme t = plotTheme(dark);
  t.print = true;
  // One layout pixel is one point: pixel sizes are point sizes on every paint device.
  auto points = [](QFont f, int size) {
    f.setPixelSize(size);
    return f;
  };
  t.tickFont = points(t.tickFont, 8);
  t.labelFont = points(t.labelFont, 8);
  t.legendFont = points(t.legendFont, 7);
  t.titleFont = points(t.titleFont, 9);
  return t;
}

QFont fontAtPoints(QFont like, double points) {
  // Pixel sizes are whole numbers; whole and half points are what journals ask for anyway.
  if (like.pixelSize() > 0 || like.pointSizeF() <= 0) like.setPixelSize(std::max(1, int(std::lround(points))));
  else like.setPointSizeF(points);
  return like;
}

double fontPoints(const QFont& font) { return font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF(); }

PlotTheme currentPlotTheme() {
  const QPalette palette = QApplication::palette();
  return plotTheme(palette.color(QPalette::Window).lightness() < 128);
}

QColor operatorClassColor(OperatorClass cls, bool dark) {
  switch (cls) {
  case OperatorClass::Projection: return pick(0, dark);
  case OperatorClass::Attention: return pick(1, dark);
  case OperatorClass::Moe: return pick(2, dark);
  case OperatorClass::Recurrence: return pick(3, dark);
  case OperatorClass::Elementwise: return pick(4, dark);
  case OperatorClass::Embedding: return pick(5, dark);
  case OperatorClass::LmHead: return pick(6, dark);
  }
  return pick(6, dark);
}

QString operatorClassName(OperatorClass cls) {
  switch (cls) {
  case OperatorClass::Projection: return QStringLiteral("Projection");
  case OperatorClass::Attention: return QStringLiteral("Attention");
  case OperatorClass::Moe: return QStringLiteral("MoE");
  case OperatorClass::Recurrence: return QStringLiteral("Recurrence");
  case OperatorClass::Elementwise: return QStringLiteral("Elementwise");
  case OperatorClass::Embedding: return QStringLiteral("Embedding");
  case OperatorClass::LmHead: return QStringLiteral("LM head");
  }
  return QStringLiteral("?");
}

std::optional<OperatorClass> operatorClassFromName(const QString& name) {
  for (auto c : {OperatorClass::Projection, OperatorClass::Attention, OperatorClass::Moe, OperatorClass::Recurrence,
                 OperatorClass::Elementwise, OperatorClass::Embedding, OperatorClass::LmHead})
    if (name == QLatin1String(toString(c).data(), qsizetype(toString(c).size()))) return c;
  return std::nullopt;
}

QColor memoryLevelColor(int depth, bool dark) {
  return QColor::fromRgba((dark ? kLevelDark : kLevelLight)[std::size_t(std::max(depth, 0)) % kLevelLight.size()]);
}

QColor seriesColor(int index, bool dark) { return pick(std::size_t(std::max(index, 0)), dark); }

void styleAxis(QCPAxis& axis, const PlotTheme& t) {
  const QPen pen(t.foreground, 1);
  axis.setBasePen(pen);
  axis.setTickPen(pen);
  axis.setSubTickPen(pen);
  axis.setTickLabelColor(t.foreground);
  axis.setLabelColor(t.foreground);
  axis.setTickLabelFont(t.tickFont);
  axis.setLabelFont(t.labelFont);
  axis.setSelectedTickLabelFont(t.tickFont);
  axis.setSelectedLabelFont(t.labelFont);
  axis.grid()->setPen(QPen(t.grid, 1, Qt::DotLine));
  axis.grid()->setSubGridPen(QPen(t.subGrid, 1, Qt::DotLine));
  axis.grid()->setZeroLinePen(Qt::NoPen);
}

void styleAxisRect(QCPAxisRect& rect, const PlotTheme& t) {
  for (auto* axis : rect.axes()) styleAxis(*axis, t);
  rect.setBackground(QBrush(t.background));
}

void styleLegend(QCPLegend& legend, const PlotTheme& t) {
  QColor frame = t.background;
  frame.setAlpha(225);
  legend.setBrush(QBrush(frame));
  legend.setBorderPen(QPen(t.grid));
  legend.setTextColor(t.foreground);
  legend.setFont(t.legendFont);
  legend.setSelectedFont(t.legendFont);
  if (t.print) {
    legend.setIconSize(14, 7);
    legend.setRowSpacing(0);
    legend.setColumnSpacing(6);
  } else
    legend.setIconSize(18, 12);
}

void applyPlotTheme(QCustomPlot& plot, const PlotTheme& t) {
  plot.setBackground(QBrush(t.background));
  for (auto* rect : plot.axisRects()) styleAxisRect(*rect, t);
  if (plot.legend) styleLegend(*plot.legend, t);
}

namespace {
/// Ticks placed as usual, labelled in units of `factor`.
class ScaledTicker : public QCPAxisTicker {
public:
  explicit ScaledTicker(double factor) : mFactor(factor) {}

protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar, int precision) override {
    return QCPAxisTicker::getTickLabel(tick / mFactor, locale, QLatin1Char('g'), precision);
  }

private:
  double mFactor;
};

QString superscript(int n) {
  static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
  QString text = n < 0 ? QStringLiteral("⁻") : QString();
  for (const QChar c : QString::number(std::abs(n))) text += digits[c.digitValue()];
  return text;
}
} // namespace

void makeLinearAxis(QCPAxis& axis, const QString& label, double largest) {
  axis.setScaleType(QCPAxis::stLinear);
  axis.setNumberFormat(QStringLiteral("g"));
  axis.setNumberPrecision(4);
  axis.grid()->setSubGridVisible(false);
  const double magnitude = std::abs(largest);
  const int exponent = magnitude >= 1e4 || (magnitude > 0 && magnitude < 1e-2) ? 3 * int(std::floor(std::log10(magnitude) / 3)) : 0;
  if (exponent == 0) {
    axis.setTicker(QSharedPointer<QCPAxisTicker>::create());
    axis.setLabel(label);
    return;
  }
  axis.setTicker(QSharedPointer<ScaledTicker>::create(std::pow(10.0, exponent)));
  const QString unit = QStringLiteral("10") + superscript(exponent);
  // Into the unit's parentheses (the last pair), else a pair of its own.
  const qsizetype open = label.lastIndexOf(QLatin1Char('('));
  if (open >= 0 && label.indexOf(QLatin1Char(')'), open) > open) axis.setLabel(QString(label).insert(open + 1, unit + QLatin1Char(' ')));
  else axis.setLabel(label + QStringLiteral(" (") + unit + QLatin1Char(')'));
}

void makeLogAxis(QCPAxis& axis) {
  axis.setScaleType(QCPAxis::stLogarithmic);
  auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
  ticker->setLogBase(10);
  ticker->setSubTickCount(8);
  axis.setTicker(ticker);
  axis.setNumberFormat(QStringLiteral("eb"));
  axis.setNumberPrecision(0);
  axis.grid()->setSubGridVisible(true);
}

} // namespace llmwb::ui
