// SPDX-License-Identifier: GPL-3.0-or-later
// A plot laid out as a printed figure (PlotView::beginFigureLayout): the layout unit is one point,
// fonts are the print theme's 7-9 pt, and what was sized for a screen is fitted to the page:
// headings and axis labels wrap, ticks thin out until their labels keep apart, a legend beside a
// narrow plot goes below it. Everything changed is recorded and put back by endFigureLayout().

#include "widgets/plots/plot_view.h"
#include "widgets/plots/text_fit.h"

#include <QFontMetricsF>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace llmwb::ui {

namespace {
/// Narrower than this (in points) a legend beside the plot leaves the axes too little width.
constexpr int kSideLegendMinWidthPt = 400;
/// A side legend wider than this share of the figure goes below it (the roofline's ceilings of
/// two phases would leave the plot less than half the page).
constexpr double kSideLegendMaxShare = 0.4;
} // namespace

bool isNarrowFigure(const QSize& layoutPt) { return layoutPt.width() < kSideLegendMinWidthPt; }

namespace {
/// At most this many rounds of fitting: each round only removes ticks or rotates labels.
constexpr int kFitRounds = 8;
/// A plot lower than this (in points) is squeezed: the figure needs more height.
constexpr int kSmallestAxisPt = 45;

int lineCount(const QString& text) { return int(text.count(QLatin1Char('\n'))) + 1; }


/// The size of a tick label as QCustomPlot draws it: "1e+03" with a 'b' number format is drawn
/// as 10 with a superscript 3 in a font three quarters the size.
QSizeF tickLabelSize(const QCPAxis& axis, const QString& label) {
  const QFontMetricsF fm(axis.tickLabelFont());
  static const QRegularExpression scientific(QStringLiteral(R"(^[-+]?[\d.,]+[eE][-+]?\d+$)"));
  const qsizetype e = label.indexOf(QLatin1Char('e'), 0, Qt::CaseInsensitive);
  if (axis.numberFormat().contains(QLatin1Char('b')) && scientific.match(label).hasMatch()) {
    QFont small = axis.tickLabelFont();
    if (small.pixelSize() > 0) small.setPixelSize(std::max(1, int(small.pixelSize() * 0.75)));
    else small.setPointSizeF(small.pointSizeF() * 0.75);
    const QFontMetricsF fs(small);
    QString exponent = label.mid(e + 1);
    exponent.remove(QLatin1Char('+'));
    const QString mantissa = label.left(e);
    double width = fm.horizontalAdvance(QStringLiteral("10")) + fs.horizontalAdvance(exponent);
    if (mantissa != QLatin1String("1")) width += fm.horizontalAdvance(mantissa + QStringLiteral("·"));
    return {width, fm.height() + fs.height() * 0.4};
  }
  return fm.boundingRect(QRectF(), Qt::TextDontClip | Qt::AlignCenter, label).size();
}

/// True when neighbouring tick labels of `axis` come closer than a third of a line.
bool ticksCrowded(const QCPAxis& axis) {
  const auto ticks = axis.tickVector();
  const auto labels = axis.tickVectorLabels();
  const bool horizontal = axis.orientation() == Qt::Horizontal;
  const double angle = std::abs(axis.tickLabelRotation()) * std::numbers::pi / 180;
  const double gap = QFontMetricsF(axis.tickLabelFont()).height() / 3;
  std::vector<std::pair<double, double>> placed; // position along the axis, extent along it
  for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
    if (!axis.range().contains(ticks[i]) || labels[i].isEmpty()) continue;
    const QSizeF size = tickLabelSize(axis, labels[i]);
    double extent = horizontal ? size.width() : size.height();
    // Rotated labels lie side by side: what has to fit between ticks is their height across.
    if (angle > 0.1) extent = horizontal ? size.height() / std::sin(angle) : size.height();
    placed.emplace_back(axis.coordToPixel(ticks[i]), extent);
  }
  std::sort(placed.begin(), placed.end());
  for (std::size_t i = 1; i < placed.size(); ++i)
    if (placed[i].first - placed[i - 1].first < (placed[i].second + placed[i - 1].second) / 2 + gap) return true;
  return false;
}
} // namespace

double PlotView::figureHeightMm(double widthMm) const {
  constexpr double kPointsPerMm = 72 / 25.4;
  const double widthPt = widthMm * kPointsPerMm;
  const PlotTheme print = printTheme(false);
  const bool narrow = widthPt < kSideLegendMinWidthPt;
  // The axes: about 4:3 in a column, wider on a page.
  double heightPt = widthPt * (narrow ? 0.68 : 0.5);
  if (!title().isEmpty())
    heightPt += lineCount(wrapToWidth(title(), print.titleFont, widthPt - 12)) * QFontMetricsF(print.titleFont).lineSpacing() + 4;
  // A legend under the plot (or moved there in a narrow figure) adds its rows.
  const bool inset = qobject_cast<QCPLayoutInset*>(legend->layout()) != nullptr;
  if (legend->visible() && !inset && legend->itemCount() > 0 && (narrow || legend->layout() == plotLayout())) {
    const QFontMetricsF fm(print.legendFont);
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
        widths.push_back(int(fm.horizontalAdvance(item->plottable()->name())) + 14 + 7 + 14); // icon, padding, margins
    const int columns = columnsThatFit(widths, int(widthPt) - 16, 6);
    const auto rows = (widths.size() + std::size_t(columns) - 1) / std::size_t(columns);
    heightPt += double(rows) * (std::max(fm.height(), 7.0) + 2) + 14;
    // A colour scale beside the legend goes below with it: its bar, tick labels and label.
    if (auto* side = qobject_cast<QCPLayoutGrid*>(legend->layout()); narrow && besidePlot(side))
      for (auto* e : side->elements(false))
        if (auto* scale = qobject_cast<QCPColorScale*>(e); scale && scale->visible())
          heightPt += scale->barWidth() + 2 * QFontMetricsF(print.tickFont).height() + 12;
  }
  return heightPt / kPointsPerMm;
}

void PlotView::adaptToFigure(const QSize&) {}

bool PlotView::fitToLayout() { return false; }

void PlotView::beginFigureLayout(const QSize& layoutPt, bool heading) {
  if (mFigure.active) endFigureLayout();
  restoreScreenTexts(); // a figure wraps the texts and names as given, not as the pane wrapped them
  mFigure = {};
  mFigure.active = true;
  mFigure.themeOverride = mThemeOverride;
  mFigure.layoutPt = layoutPt;
  mThemeOverride = printTheme(mTheme.dark);
  mTheme = *mThemeOverride;
  refresh();
  setViewport(QRect(QPoint(0, 0), layoutPt));
  // The outermost frames (a legend's border) are drawn on their edge: keep them on the canvas.
  mFigure.layoutMargins = plotLayout()->margins();
  plotLayout()->setMargins(QMargins(1, 1, 2, 2));
  adaptToFigure(layoutPt);
  if (isNarrowFigure(layoutPt) || sideLegendTooWide(layoutPt.width())) moveSideLegendsBelow(layoutPt.width());
  fitLegendColumns(layoutPt.width());
  wrapLegendNames(layoutPt.width());
  // A figure too small for everything keeps its plot: the heading loses its detail lines, then
  // goes. A paper's figure has none (its caption says it).
  for (int shortening = heading ? 0 : 2; shortening < 3; ++shortening) {
    if (shortening > 0) shortenHeading(shortening);
    fitTextAndTicks();
    mFigure.fits = plotLayout()->minimumOuterSizeHint().height() <= layoutPt.height() && !figureCramped();
    for (auto* rect : axisRects())
      if (rect->visible() && rect->height() < kSmallestAxisPt) mFigure.fits = false;
    if (mFigure.fits) break;
  }
}

void PlotView::fitTextAndTicks() {
  for (int round = 0; round < kFitRounds; ++round) {
    updateLayout();
    wrapTextsToFit();
    updateLayout();
    const bool thinned = thinCrowdedTicks();
    if (!fitToLayout() && !thinned) break;
  }
  updateLayout();
}

void PlotView::shortenHeading(int step) {
  if (!mTitle || mTitle->text().isEmpty()) return;
  auto recorded = std::find_if(mFigure.texts.begin(), mFigure.texts.end(), [&](const auto& t) { return t.first == mTitle; });
  if (recorded == mFigure.texts.end()) {
    mFigure.texts.emplace_back(mTitle, mTitle->text());
    recorded = std::prev(mFigure.texts.end());
  }
  // wrapTextsToFit() wraps what is recorded: the first line of the heading, then nothing.
  const QString firstLine = mFigure.headingFull.isEmpty() ? recorded->second : mFigure.headingFull;
  if (mFigure.headingFull.isEmpty()) mFigure.headingFull = recorded->second;
  recorded->second = step == 1 ? firstLine.section(QLatin1Char('\n'), 0, 0) : QString();
  mTitle->setText(recorded->second);
  mTitle->setVisible(!recorded->second.isEmpty());
}

void PlotView::wrapLegendNames(int widthPt) {
  for (auto* element : plotLayout()->elements(true)) {
    auto* item = qobject_cast<QCPPlottableLegendItem*>(element);
    if (!item) continue;
    const QFontMetricsF fm(item->font());
    const double room = widthPt - 14 - 7 - 20; // icon, padding, margins
    const QString name = item->plottable()->name();
    if (fm.horizontalAdvance(name) <= room) continue;
    mFigure.names.emplace_back(item->plottable(), name);
    item->plottable()->setName(wrapToWidth(name, item->font(), room));
  }
}

bool PlotView::figureFits() const { return mFigure.fits; }

void PlotView::endFigureLayout() {
  if (!mFigure.active) return;
  for (auto& [element, text] : mFigure.texts) element->setText(text);
  if (!mFigure.headingFull.isEmpty() && mTitle) {
    mTitle->setText(mFigure.headingFull);
    mTitle->setVisible(true);
  }
  for (auto& [plottable, name] : mFigure.names) plottable->setName(name);
  for (auto& [axis, label] : mFigure.axisLabels) axis->setLabel(label);
  for (auto& [ticker, count] : mFigure.tickCounts) ticker->setTickCount(count);
  for (auto& [legendGrid, wrap] : mFigure.legendWraps) {
    legendGrid->setWrap(wrap);
    legendGrid->setFillOrder(legendGrid->fillOrder()); // setWrap() alone leaves the items where they are
  }
  restoreSideLegends();
  plotLayout()->setMargins(mFigure.layoutMargins);
  mThemeOverride = mFigure.themeOverride;
  mFigure = {};
  setViewport(rect());
  applyCurrentTheme();
}

bool PlotView::besidePlot(const QCPLayoutGrid* side) const {
  // A legend's own grid beside the plot: in the plot layout's row (placeLegendRight) or one
  // level down (a plot and its legend sharing a cell under the heading).
  if (!side || side == plotLayout() || !side->layout()) return false;
  return side->layout() == plotLayout() || side->layout()->layout() == plotLayout();
}

bool PlotView::sideLegendTooWide(int widthPt) const {
  for (auto* element : plotLayout()->elements(true)) {
    auto* lg = qobject_cast<QCPLegend*>(element);
    if (!lg || !lg->visible()) continue;
    auto* side = qobject_cast<QCPLayoutGrid*>(lg->layout());
    if (!besidePlot(side)) continue;
    if (lg->minimumOuterSizeHint().width() > kSideLegendMaxShare * widthPt) return true;
  }
  return false;
}

void PlotView::moveSideLegendsBelow(int widthPt) {
  for (auto* element : plotLayout()->elements(true)) {
    auto* lg = qobject_cast<QCPLegend*>(element);
    if (!lg || !lg->visible()) continue;
    auto* side = qobject_cast<QCPLayoutGrid*>(lg->layout());
    if (!besidePlot(side)) continue;
    mFigure.legends.push_back({lg, side, side->margins(), lg->margins(), {}});
    side->take(lg);
    side->setMargins(QMargins());
    const int row = plotLayout()->rowCount();
    plotLayout()->insertRow(row);
    plotLayout()->addElement(row, 0, lg);
    plotLayout()->setRowStretchFactor(row, 0.001);
    lg->setFillOrder(QCPLayoutGrid::foColumnsFirst, false);
    lg->setMargins(QMargins(4, 2, 4, 2));
    // What stood under the legend (a colour scale) goes below with it; spacers stay.
    for (int r = 0; r < side->rowCount(); ++r)
      for (int c = 0; c < side->columnCount(); ++c) {
        auto* e = side->hasElement(r, c) ? side->element(r, c) : nullptr;
        if (!e || !e->visible() || e->metaObject() == &QCPLayoutElement::staticMetaObject) continue;
        mFigure.legends.back().companions.push_back({e, r, c});
        side->take(e);
        const int below = plotLayout()->rowCount();
        plotLayout()->insertRow(below);
        plotLayout()->addElement(below, 0, e);
        plotLayout()->setRowStretchFactor(below, 0.001);
      }
  }
  fitLegendColumns(widthPt);
}

void PlotView::restoreSideLegends() {
  for (auto& moved : mFigure.legends) {
    plotLayout()->take(moved.legend);
    moved.side->addElement(0, 0, moved.legend);
    for (const auto& c : moved.companions) {
      plotLayout()->take(c.element);
      moved.side->addElement(c.row, c.column, c.element);
    }
    moved.side->setMargins(moved.sideMargins);
    moved.legend->setMargins(moved.legendMargins);
    moved.legend->setWrap(0);
    moved.legend->setFillOrder(QCPLayoutGrid::foRowsFirst); // rearranges the items into one column
  }
  if (!mFigure.legends.empty()) plotLayout()->simplify();
  mFigure.legends.clear();
}

void PlotView::fitLegendColumns(int widthPt) {
  for (int row = 0; row < plotLayout()->rowCount(); ++row) {
    if (!plotLayout()->hasElement(row, 0)) continue;
    auto* lg = qobject_cast<QCPLegend*>(plotLayout()->element(row, 0));
    if (!lg || lg->fillOrder() != QCPLayoutGrid::foColumnsFirst || lg->itemCount() == 0) continue;
    std::vector<int> widths;
    for (int i = 0; i < lg->itemCount(); ++i)
      if (const auto* item = lg->item(i)) widths.push_back(item->minimumOuterSizeHint().width()); // cells can be empty
    // The legend has its column's width: the page less the other columns (a colour scale).
    int others = 0;
    for (int column = 1; column < plotLayout()->columnCount(); ++column) {
      int widest = 0;
      for (int r = 0; r < plotLayout()->rowCount(); ++r)
        if (auto* e = plotLayout()->hasElement(r, column) ? plotLayout()->element(r, column) : nullptr; e && e->visible()) widest = std::max(widest, e->minimumOuterSizeHint().width());
      others += widest + (widest > 0 ? plotLayout()->columnSpacing() : 0);
    }
    const int available = widthPt - others - lg->margins().left() - lg->margins().right() - 8;
    const int columns = columnsThatFit(widths, available, lg->columnSpacing());
    if (std::none_of(mFigure.legendWraps.begin(), mFigure.legendWraps.end(), [&](const auto& w) { return w.first == lg; }))
      mFigure.legendWraps.emplace_back(lg, lg->wrap());
    lg->setWrap(columns);
    lg->setFillOrder(QCPLayoutGrid::foColumnsFirst); // rearranges the items into the new rows
  }
}

void PlotView::wrapTextsToFit() {
  for (auto* element : plotLayout()->elements(true)) {
    auto* text = qobject_cast<QCPTextElement*>(element);
    if (!text || !text->visible() || text->text().isEmpty()) continue;
    auto recorded = std::find_if(mFigure.texts.begin(), mFigure.texts.end(), [&](const auto& t) { return t.first == text; });
    if (recorded == mFigure.texts.end()) {
      mFigure.texts.emplace_back(text, text->text());
      recorded = std::prev(mFigure.texts.end());
      text->setMinimumSize(1, 0); // never widens its column: it wraps instead
    }
    const int width = text->outerRect().width() - text->margins().left() - text->margins().right();
    if (width > 0) text->setText(wrapToWidth(recorded->second, text->font(), width));
  }
  for (auto* rect : axisRects())
    for (auto* axis : rect->axes()) {
      if (!axis->visible() || axis->label().isEmpty()) continue;
      auto recorded = std::find_if(mFigure.axisLabels.begin(), mFigure.axisLabels.end(), [&](const auto& a) { return a.first == axis; });
      if (recorded == mFigure.axisLabels.end()) {
        mFigure.axisLabels.emplace_back(axis, axis->label());
        recorded = std::prev(mFigure.axisLabels.end());
      }
      const int length = axis->orientation() == Qt::Horizontal ? rect->width() : rect->height();
      if (length > 0) axis->setLabel(wrapToWidth(recorded->second, axis->labelFont(), length));
    }
}

bool PlotView::thinCrowdedTicks() {
  bool changed = false;
  std::vector<QCPAxis*> axes;
  for (auto* rect : axisRects())
    for (auto* axis : rect->axes()) axes.push_back(axis);
  for (auto* element : plotLayout()->elements(true)) // colour scales have an axis of their own
    if (auto* scale = qobject_cast<QCPColorScale*>(element)) axes.push_back(scale->axis());
  for (auto* axis : axes) {
      if (!axis->visible() || !axis->tickLabels() || !ticksCrowded(*axis)) continue;
      const auto ticker = axis->ticker();
      if (auto text = ticker.dynamicCast<QCPAxisTickerText>()) {
        auto& ticks = text->ticks();
        // Numbered positions (mesh rows and columns) thin out like numbers: every other one,
        // the last kept. The ticker is rebuilt with the plot, so nothing needs restoring.
        const bool numbers = std::all_of(ticks.begin(), ticks.end(), [](const QString& l) {
          bool ok = false;
          l.toDouble(&ok);
          return ok;
        });
        if (numbers && ticks.size() > 2) {
          QMap<double, QString> kept;
          int i = 0;
          for (auto it = ticks.begin(); it != ticks.end(); ++it, ++i)
            if (i % 2 == 0 || std::next(it) == ticks.end()) kept.insert(it.key(), it.value());
          if (kept.size() > 2 && std::next(kept.end(), -2).key() == std::prev(ticks.end(), 2).key()) kept.remove(std::next(kept.end(), -2).key());
          text->setTicks(kept);
          changed = true;
          continue;
        }
        // Categories cannot be left out: first wrap each label to the room between two ticks,
        // then, if a single word is still too wide, stand the labels upright.
        if (axis->orientation() != Qt::Horizontal || std::abs(axis->tickLabelRotation()) >= 90) continue;
        const double room = ticks.size() > 1 ? std::abs(axis->coordToPixel(std::next(ticks.begin()).key()) -
                                                        axis->coordToPixel(ticks.begin().key()))
                                            : axis->axisRect()->width();
        const double width = room - QFontMetricsF(axis->tickLabelFont()).height() / 2;
        bool rewrapped = false;
        if (axis->tickLabelRotation() == 0)
          for (auto& label : ticks) {
            const QString wrapped = wrapToWidth(QString(label).replace(QLatin1Char('\n'), QLatin1Char(' ')), axis->tickLabelFont(), width);
            rewrapped |= wrapped != label;
            label = wrapped;
          }
        if (!rewrapped) {
          axis->setTickLabelRotation(90);
          for (auto& label : ticks) label.replace(QLatin1Char('\n'), QLatin1Char(' '));
        }
        changed = true;
        continue;
      }
      if (ticker->tickCount() <= 2) continue;
      if (std::none_of(mFigure.tickCounts.begin(), mFigure.tickCounts.end(), [&](const auto& t) { return t.first == ticker; }))
        mFigure.tickCounts.emplace_back(ticker, ticker->tickCount());
      ticker->setTickCount(ticker->tickCount() - 1);
      changed = true;
    }
  return changed;
}

} // namespace llmwb::ui
