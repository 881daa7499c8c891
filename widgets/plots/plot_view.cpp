// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/plot_view.h"

#include "widgets/plots/export_dialog.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QToolTip>

#include <array>
#include <cmath>

namespace llmwb::ui {

PlotView::PlotView(QWidget* parent) : QCustomPlot(parent) {
  setMouseTracking(true);
  setMinimumSize(320, 240);
  // Nothing here is selectable: clicks activate points (ParetoPlot) instead.
  setInteractions(QCP::Interactions());
  setPlottingHint(QCP::phCacheLabels, true);
  mTheme = currentPlotTheme();
  connect(this, &QCustomPlot::afterReplot, this, &PlotView::wrapOnScreen);
}

void PlotView::refresh() {
  clearHoverPoints();
  rebuild();
  applyPlotTheme(*this, mTheme);
  if (mTitle) {
    mTitle->setFont(mTheme.titleFont);
    mTitle->setTextColor(mTheme.foreground);
    mTitle->setVisible(!mTitle->text().isEmpty());
  }
  replot();
}

void PlotView::addTitleRow() {
  plotLayout()->insertRow(0);
  mTitle = new QCPTextElement(this);
  // The heading never widens its column (that would squeeze the legend beside the plot).
  mTitle->setMinimumSize(1, 0);
  plotLayout()->addElement(0, 0, mTitle);
  plotLayout()->setRowStretchFactor(0, 0.001);
}

void PlotView::setTitle(const QString& text) {
  if (mTitle) mTitle->setText(text);
}

QString PlotView::title() const { return mTitle ? mTitle->text() : QString(); }

QString PlotView::figureCaption() const {
  // The heading as given (a figure layout may have shortened it), each line a sentence.
  QString text = mFigure.headingFull.isEmpty() ? title() : mFigure.headingFull;
  QStringList sentences;
  for (QString line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
    line = line.trimmed();
    if (line.isEmpty()) continue;
    line[0] = line[0].toUpper();
    if (!line.endsWith(QLatin1Char('.'))) line += QLatin1Char('.');
    sentences << line;
  }
  return sentences.join(QLatin1Char(' '));
}

void PlotView::placeLegendRight() {
  const int row = mTitle ? 1 : 0;
  // The plot and the legend share one cell under the heading, so the heading spans both (a
  // heading in the plot's column alone is cut when the legend is wide).
  auto* content = new QCPLayoutGrid;
  auto* plot = plotLayout()->element(row, 0);
  plotLayout()->take(plot);
  plotLayout()->addElement(row, 0, content);
  content->addElement(0, 0, plot);
  auto* side = new QCPLayoutGrid;
  content->addElement(0, 1, side);
  content->setColumnStretchFactor(1, 0.001);
  side->addElement(0, 0, legend);
  side->addElement(1, 0, new QCPLayoutElement(this)); // takes the height left: the legend stays at the top
  side->setRowStretchFactor(1, 100);
  side->setMargins(QMargins(0, 6, 6, 0));
  legend->setVisible(true);
}

void PlotView::placeLegendBelow(int columns) {
  const int row = plotLayout()->rowCount();
  plotLayout()->insertRow(row);
  plotLayout()->addElement(row, 0, legend);
  plotLayout()->setRowStretchFactor(row, 0.001);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  mBelowLegendColumns = std::max(1, columns);
  legend->setWrap(mBelowLegendColumns);
  legend->setMargins(QMargins(4, 2, 4, 2));
  legend->setVisible(true);
}

void PlotView::setThemeOverride(std::optional<PlotTheme> theme) {
  mThemeOverride = std::move(theme);
  applyCurrentTheme();
}

void PlotView::applyCurrentTheme() {
  mTheme = mThemeOverride ? *mThemeOverride : currentPlotTheme();
  refresh();
}

const PlotView::HoverPoint* PlotView::hoverPointAt(const QPointF& pos, double radiusPx) const {
  const HoverPoint* best = nullptr;
  double bestDistance = radiusPx * radiusPx;
  for (const auto& p : mHover) {
    if (!p.xAxis || !p.yAxis) continue;
    const double dx = p.xAxis->coordToPixel(p.x) - pos.x();
    const double dy = p.yAxis->coordToPixel(p.y) - pos.y();
    const double d = dx * dx + dy * dy;
    if (d <= bestDistance) {
      bestDistance = d;
      best = &p;
    }
  }
  return best;
}

QString PlotView::plottableTooltipAt(const QPointF&) const { return {}; }

QString PlotView::tooltipAt(const QPointF& pos) const {
  const auto* nearest = hoverPointAt(pos);
  if (!nearest) return plottableTooltipAt(pos);
  // Points drawn on top of each other (operators of the same shape) are listed together.
  const QPointF at(nearest->xAxis->coordToPixel(nearest->x), nearest->yAxis->coordToPixel(nearest->y));
  QStringList texts;
  for (const auto& p : mHover) {
    if (p.xAxis != nearest->xAxis || p.yAxis != nearest->yAxis) continue;
    const QPointF q(p.xAxis->coordToPixel(p.x), p.yAxis->coordToPixel(p.y));
    if ((q - at).manhattanLength() <= 3) texts << (p.text.isEmpty() ? hoverText(p) : p.text);
  }
  constexpr qsizetype kMostListed = 6;
  if (texts.size() > kMostListed) {
    const auto more = texts.size() - kMostListed;
    texts.resize(kMostListed);
    texts << tr("… and %n more here", nullptr, int(more));
  }
  return texts.join(QStringLiteral("<hr>"));
}

void PlotView::mouseMoveEvent(QMouseEvent* event) {
  QCustomPlot::mouseMoveEvent(event);
  const QString text = tooltipAt(event->position());
  if (text.isEmpty()) QToolTip::hideText();
  else QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void PlotView::addContextActions(QMenu&) {}

void PlotView::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  addContextActions(menu);
  if (!menu.isEmpty()) menu.addSeparator();
  menu.addAction(tr("Export figure…"), this, [this] { ExportDialog::exportFigure(*this, this); });
  menu.addAction(tr("Export data…"), this, [this] { ExportDialog::exportData(*this, this); });
  menu.exec(event->globalPos());
}

void PlotView::changeEvent(QEvent* event) {
  QCustomPlot::changeEvent(event);
  if (event->type() == QEvent::PaletteChange && !mThemeOverride) applyCurrentTheme();
}

bool PlotView::event(QEvent* event) {
  if (event->type() == QEvent::ApplicationPaletteChange && !mThemeOverride) applyCurrentTheme();
  // Shown (a tab brought forward) at the size it was given while hidden, the plot gets no resize
  // and so no replot: the on-screen fit (wrapped headings, totals) would keep the hidden layout.
  if (event->type() == QEvent::Show) replot(QCustomPlot::rpQueuedReplot);
  return QCustomPlot::event(event);
}

QString wrapLabel(const QString& text, int width) {
  QStringList lines;
  for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
    QString line;
    for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
      if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
        lines << line;
        line.clear();
      }
      line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    lines << line;
  }
  return lines.join(QLatin1Char('\n'));
}

Prefix prefixFor(double largest) {
  static const std::array<Prefix, 9> prefixes = {{{1e15, QStringLiteral("P")}, {1e12, QStringLiteral("T")},
                                                  {1e9, QStringLiteral("G")}, {1e6, QStringLiteral("M")},
                                                  {1e3, QStringLiteral("k")}, {1, QString()},
                                                  {1e-3, QStringLiteral("m")}, {1e-6, QStringLiteral("µ")},
                                                  {1e-9, QStringLiteral("n")}}};
  const double a = std::abs(largest);
  if (!(a > 0) || !std::isfinite(a)) return prefixes[5];
  for (const auto& p : prefixes)
    if (a >= p.factor) return p;
  return prefixes.back();
}

QString withPrefix(double value, const QString& unit, int significant) {
  if (!std::isfinite(value)) return QStringLiteral("–");
  const Prefix p = prefixFor(value);
  return QStringLiteral("%1 %2%3").arg(QString::number(value / p.factor, 'g', significant), p.symbol, unit);
}

} // namespace llmwb::ui
