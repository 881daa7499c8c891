// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/breakdown_plot.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace llmwb::ui {

namespace {
/// The value axis goes this far above the highest bar: room for its total.
constexpr double kHeadroom = 1.22;

QColor colourOf(const BarSeries& s, bool dark) {
  switch (s.colour) {
  case BarColour::OperatorClass: return operatorClassColor(OperatorClass(s.colourIndex), dark);
  case BarColour::MemoryLevel: return memoryLevelColor(s.colourIndex, dark);
  case BarColour::Series: break;
  }
  return seriesColor(s.colourIndex, dark);
}

/// Area is in mm² and takes no prefix; every other quantity an SI prefix for its largest bar.
Prefix panelPrefix(const BarPanel& panel) {
  if (panel.quantity == BarQuantity::Area || panel.quantity == BarQuantity::Share) return {};
  double largest = 0;
  for (std::size_t c = 0; c < std::size_t(panel.categories.size()); ++c) {
    double stack = 0;
    for (const auto& s : panel.series) stack += c < s.values.size() ? s.values[c] : 0;
    largest = std::max(largest, stack);
  }
  const Prefix prefix = prefixFor(largest);
  // Nobody reads kiloseconds: time stops at seconds.
  if (panel.quantity == BarQuantity::Time && prefix.factor > 1) return {};
  return prefix;
}

QString formatValue(double v, BarQuantity q) {
  if (q == BarQuantity::Area) return QStringLiteral("%1 mm²").arg(v, 0, 'f', 1);
  if (q == BarQuantity::Share) return QStringLiteral("%1 %").arg(v, 0, 'f', 1);
  if (q == BarQuantity::Time && v >= 1000) return QStringLiteral("%1 s").arg(v, 0, 'f', 0);
  return withPrefix(v, unitOf(q));
}
} // namespace

BreakdownPlot::BreakdownPlot(QWidget* parent) : PlotView(parent) {
  setAutoAddPlottableToLegend(false);
  plotLayout()->clear(); // the default axis rect and its legend
  addTitleRow(); // PlotView's heading: wraps on screen, goes to the caption in a paper's figure
  mGrid = new QCPLayoutGrid;
  plotLayout()->addElement(1, 0, mGrid);
  mLegend = new QCPLegend;
  auto* side = new QCPLayoutGrid;
  plotLayout()->addElement(1, 1, side);
  side->addElement(0, 0, mLegend);
  side->addElement(1, 0, new QCPLayoutElement(this)); // pushes the legend to the top
  side->setRowStretchFactor(1, 100);
  mLegend->setLayer(QStringLiteral("legend"));
  plotLayout()->setColumnStretchFactor(1, 0.001);
  plotLayout()->setRowStretchFactor(0, 0.001);
  // On screen the panels get their final size only when laid out: then the totals find their
  // room (fitToLayout, as for a printed figure) and the value axes as many ticks as their height
  // keeps legible; one more replot when that changed anything (at most two in a row).
  connect(this, &QCustomPlot::afterReplot, this, [this] {
    if (!isVisible() || inFigureLayout()) return;
    bool changed = fitToLayout();
    for (auto& fit : mPanelFits) {
      const int ticks = std::clamp(fit.values->axisRect()->height() / 28, 2, 5);
      if (fit.values->ticker()->tickCount() != ticks) {
        fit.values->ticker()->setTickCount(ticks);
        changed = true;
      }
    }
    if (changed && mScreenFits < 2) {
      ++mScreenFits;
      replot(QCustomPlot::rpQueuedReplot);
    } else {
      mScreenFits = 0;
    }
  });
}

void BreakdownPlot::setData(BreakdownData data) {
  mData = std::move(data);
  refresh();
}

double BreakdownPlot::figureHeightMm(double widthMm) const {
  constexpr double kPointsPerMm = 72 / 25.4;
  const double widthPt = widthMm * kPointsPerMm;
  int rows = 0;
  for (const auto& panel : mData.panels) rows = std::max(rows, panel.row + 1);
  const bool stacked = isNarrowFigure(QSize(int(widthPt), 1));
  if (stacked) rows = int(mData.panels.size());
  // Per row of panels: its heading, the bars and two or three lines of category labels.
  const double rowPt = stacked ? 125 : std::clamp(widthPt * 0.3, 150.0, 240.0);
  return (30 + rows * rowPt) / kPointsPerMm;
}

QString BreakdownPlot::figureName() const { return mData.name.isEmpty() ? QStringLiteral("breakdown") : mData.name; }

void BreakdownPlot::rebuild() {
  clearPlottables();
  clearItems();
  mBars.clear();
  mPanelFits.clear();
  mLegend->clearItems();
  mGrid->clear();
  mGrid->simplify();
  const PlotTheme& t = theme();
  setTitle(mData.title);
  styleLegend(*mLegend, t);
  mLegend->setVisible(!mData.panels.empty());

  std::set<QString> inLegend;
  std::vector<QCPBars*> legendBars;
  for (std::size_t p = 0; p < mData.panels.size(); ++p) {
    const auto& panel = mData.panels[p];
    auto* heading = new QCPTextElement(this, panel.title, t.labelFont);
    heading->setTextColor(t.foreground);
    // A printed column has no room for panels side by side: one panel under the other.
    const bool stacked = t.print && isNarrowFigure(figureLayoutPt());
    const int row = stacked ? int(p) : panel.row, column = stacked ? 0 : panel.column;
    if (!panel.note.isEmpty()) {
      // Nothing the engine computed: one line that says so, where the bars would be.
      mGrid->addElement(2 * row, column, heading);
      auto* note = new QCPTextElement(this, wrapLabel(panel.note, 48), t.tickFont);
      note->setObjectName(QStringLiteral("NotModelled"));
      note->setTextColor(t.foreground);
      mGrid->addElement(2 * row + 1, column, note);
      mGrid->setRowStretchFactor(2 * row, 0.001);
      continue;
    }
    auto* rect = new QCPAxisRect(this);
    mGrid->addElement(2 * row, column, heading);
    mGrid->addElement(2 * row + 1, column, rect);
    mGrid->setRowStretchFactor(2 * row, 0.001);
    styleAxisRect(*rect, t);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (qsizetype c = 0; c < panel.categories.size(); ++c) ticker->addTick(double(c + 1), wrapLabel(panel.categories[c]));
    x->setTicker(ticker);
    x->setSubTicks(false);
    x->setTickLength(0, 4);
    x->grid()->setVisible(false);
    x->setRange(0.4, double(panel.categories.size()) + 0.6);
    if (panel.categories.size() > 4) x->setTickLabelRotation(30);

    const Prefix prefix = panelPrefix(panel);
    y->setLabel(QStringLiteral("%1 (%2%3)").arg(panel.axisName, prefix.symbol, unitOf(panel.quantity)));
    double top = 0;
    PanelFit fit{x, y, 0, 0, {}, p};

    QCPBars* below = nullptr;
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
      const auto& series = panel.series[s];
      auto* bars = new QCPBars(x, y);
      bars->setName(series.name);
      const QColor colour = colourOf(series, t.dark);
      bars->setBrush(colour);
      bars->setPen(QPen(t.background, 1));
      bars->setWidth(0.6);
      bars->setStackingGap(0);
      for (std::size_t c = 0; c < series.values.size(); ++c) bars->addData(double(c + 1), series.values[c] / prefix.factor);
      if (below) bars->moveAbove(below);
      below = bars;
      mBars.push_back({bars, p, s});
      if (inLegend.insert(series.name).second && series.colour != BarColour::OperatorClass &&
          series.colour != BarColour::MemoryLevel)
        legendBars.push_back(bars);
    }
    // Top of the stack first, as the eye reads the bars.
    for (auto it = legendBars.rbegin(); it != legendBars.rend(); ++it) (*it)->addToLegend(mLegend);
    legendBars.clear();
    // The total above each bar: small bars stay readable.
    for (std::size_t c = 0; c < std::size_t(panel.categories.size()); ++c) {
      double stack = 0;
      for (const auto& s : panel.series) stack += c < s.values.size() ? s.values[c] : 0;
      top = std::max(top, stack / prefix.factor);
      if (panel.quantity == BarQuantity::Share) continue; // shares add up to 100 %: no totals
      auto* label = new QCPItemText(this);
      label->setClipAxisRect(rect);
      label->position->setAxes(x, y);
      label->position->setCoords(double(c + 1), stack / prefix.factor);
      label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
      label->setText(formatValue(stack, panel.quantity));
      label->setColor(t.foreground);
      label->setFont(t.tickFont);
      label->setPadding(QMargins(0, 0, 0, 2));
      label->setProperty("llmwb.stack", stack / prefix.factor);
      label->setProperty("llmwb.category", double(c + 1));
      fit.totals.push_back(label);
    }
    if (panel.limit > 0) {
      // Named in the legend: a label beside the line would sit on the totals of bars close to it.
      const double limit = panel.limit / prefix.factor;
      auto* line = new QCPGraph(x, y);
      line->setName(QStringLiteral("%1 %2").arg(panel.limitName, formatValue(panel.limit, panel.quantity)));
      line->setPen(QPen(t.highlight, t.print ? 1 : 1.5, Qt::DashLine));
      line->setData(QVector<double>{0.4, double(panel.categories.size()) + 0.6}, QVector<double>{limit, limit});
      if (inLegend.insert(line->name()).second) line->addToLegend(mLegend);
      fit.limit = limit;
      top = std::max(top, limit);
    }
    // Room for the totals above the bars; a figure's layout (fitToLayout) refines it to the labels.
    // Shares have no totals and no limit: their axis ends at the whole (100 %).
    const bool above = panel.quantity != BarQuantity::Share || panel.limit > 0;
    y->setRange(0, top > 0 ? top * (above ? kHeadroom : 1.0) : 1);
    fit.top = top;
    if (top > 0) mPanelFits.push_back(std::move(fit));
  }
  // Class and level bars are labelled by their category; the legend lists only the other series.
  mLegend->setVisible(mLegend->itemCount() > 0);
}

bool BreakdownPlot::fitToLayout() {
  // A short panel (a printed column) needs more than the screen's headroom for a line of text,
  // and totals wider than a bar's slot stand upright above their bars.
  const QFontMetricsF fm(theme().tickFont);
  bool changed = false;
  mCramped = false;
  for (auto& fit : mPanelFits) {
    const int height = fit.values->axisRect()->height();
    if (height <= 0) continue;
    const double slot = std::abs(fit.categories->coordToPixel(2) - fit.categories->coordToPixel(1));
    // On screen few categories stand level under their bars. A category named in two parts (a
    // memory level and its technology) keeps only its first part when the whole does not fit its
    // slot (the tooltip has both); one still wider than its slot (a long operator name beside
    // "Peak") slants, as many categories always do. A printed figure fits its labels itself.
    if (auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(fit.categories->ticker());
        figureLayoutPt().isEmpty() && ticker && ticker->ticks().size() <= 4) {
      const QFontMetricsF tickFm(fit.categories->tickLabelFont());
      auto widest = [&](const QStringList& labels) {
        double w = 0;
        for (const QString& label : labels)
          for (const QString& line : label.split(QLatin1Char('\n'))) w = std::max(w, tickFm.horizontalAdvance(line));
        return w;
      };
      const auto& categories = mData.panels[fit.panel].categories;
      QStringList full, shortened;
      for (const QString& c : categories) {
        full << wrapLabel(c);
        shortened << c.section(QLatin1Char('\n'), 0, 0);
      }
      const QStringList& shown = widest(full) > slot - 4 ? shortened : full;
      QMap<double, QString> ticks;
      for (qsizetype c = 0; c < shown.size(); ++c) ticks.insert(double(c + 1), shown[c]);
      if (ticker->ticks() != ticks) {
        ticker->setTicks(ticks);
        changed = true;
      }
      const double rotation = widest(shown) > slot - 4 ? 30 : 0;
      if (fit.categories->tickLabelRotation() != rotation) {
        fit.categories->setTickLabelRotation(rotation);
        changed = true;
      }
    } else if (figureLayoutPt().isEmpty() && ticker) {
      // Many categories slant at 30 degrees; parallel slanted labels stay readable while the
      // distance across them (slot x sin 30) is most of a line (DUET's six classes in half a
      // pane: 18 px for 17 px lines). Closer (Fig. 13's 19 bars in a laptop's pane, 14 px) they
      // ran together; upright, a slot needs less than a line.
      const double line = QFontMetricsF(fit.categories->tickLabelFont()).height();
      const double rotation = slot * std::sin(std::numbers::pi / 6) < 0.9 * line ? 90 : 30;
      if (fit.categories->tickLabelRotation() != rotation) {
        fit.categories->setTickLabelRotation(rotation);
        changed = true;
      }
    }
    double widest = 0;
    for (const auto* label : fit.totals) widest = std::max(widest, fm.horizontalAdvance(label->text()) + 4);
    // On screen the totals stay level (a narrow pane would otherwise stand them all up and
    // squeeze the bars; the tooltip gives each value); a printed figure stands them up when
    // they are wider than a bar's slot.
    const bool upright = !figureLayoutPt().isEmpty() && widest > slot;
    for (auto* label : fit.totals) {
      if ((label->rotation() != 0) == upright) continue;
      label->setRotation(upright ? -90 : 0);
      label->setPositionAlignment(upright ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignHCenter | Qt::AlignBottom);
      label->setPadding(upright ? QMargins(2, 0, 0, 0) : QMargins(0, 0, 0, 2));
      changed = true;
    }
    // Level totals wider than their slots would run into each other: the largest bars keep theirs,
    // a total that would touch one already shown is hidden (its bar's tooltip gives it).
    if (!upright) {
      std::vector<QCPItemText*> byHeight(fit.totals.begin(), fit.totals.end());
      std::stable_sort(byHeight.begin(), byHeight.end(), [](const QCPItemText* a, const QCPItemText* b) {
        return a->property("llmwb.stack").toDouble() > b->property("llmwb.stack").toDouble();
      });
      // A total that would stick out of the panel moves inwards just enough.
      const QRect area = fit.values->axisRect()->rect();
      std::vector<std::pair<double, double>> taken;
      for (auto* label : byHeight) {
        const double width = fm.horizontalAdvance(label->text()) + 6;
        double centre = fit.categories->coordToPixel(label->property("llmwb.category").toDouble());
        if (width < area.width()) centre = std::clamp(centre, area.left() + width / 2, area.right() - width / 2);
        const double x = fit.categories->pixelToCoord(centre);
        if (std::abs(label->position->coords().x() - x) > 1e-9) {
          label->position->setCoords(x, label->position->coords().y());
          changed = true;
        }
        const double left = centre - width / 2;
        const bool free = std::none_of(taken.begin(), taken.end(),
                                       [&](const auto& t) { return left + width > t.first && left < t.second; });
        if (free) taken.emplace_back(left, left + width);
        if (label->visible() != free) {
          label->setVisible(free);
          changed = true;
        }
      }
    } else {
      for (auto* label : fit.totals) {
        const double x = label->property("llmwb.category").toDouble();
        if (!label->visible() || label->position->coords().x() != x) {
          label->setVisible(true);
          label->position->setCoords(x, label->position->coords().y());
          changed = true;
        }
      }
    }
    const bool above = !fit.totals.empty() || fit.limit > 0; // labels stand above the bars
    const double room = above ? (upright ? widest : fm.height() + 4) + 4 : 0; // and a little air under the panel heading
    // A total just under the limit line would be struck through by it: it goes above the line.
    if (fit.limit > 0)
      for (auto* label : fit.totals) {
        const double stack = label->property("llmwb.stack").toDouble();
        const bool lift = stack < fit.limit && fit.values->coordToPixel(stack) - fit.values->coordToPixel(fit.limit) < room;
        const double y = lift ? fit.limit : stack;
        if (label->position->coords().y() != y) {
          label->position->setCoords(label->position->coords().x(), y);
          changed = true;
        }
      }
    mCramped |= room / height > 0.6;
    const double share = std::min(0.6, room / height);
    const double upper = above ? fit.top * std::max(kHeadroom, 1.02 / (1 - share)) : fit.top;
    if (std::abs(fit.values->range().upper - upper) > 0.01 * upper) {
      fit.values->setRangeUpper(upper);
      changed = true;
    }
  }
  return changed;
}

QString BreakdownPlot::plottableTooltipAt(const QPointF& pos) const {
  for (const auto& info : mBars) {
    QVariant details;
    if (info.bars->selectTest(pos, false, &details) < 0) continue;
    const auto selection = details.value<QCPDataSelection>();
    if (selection.isEmpty()) continue;
    const auto& panel = mData.panels[info.panel];
    const auto& series = panel.series[info.series];
    const auto c = std::size_t(selection.dataRange().begin());
    if (c >= series.values.size() || series.values[c] == 0) continue;
    double total = 0;
    for (const auto& s : panel.series) total += c < s.values.size() ? s.values[c] : 0;
    return tr("<b>%1</b> · %2<br>%3: %4 (%5% of %6)")
        .arg(panel.title.toHtmlEscaped(), QString(panel.categories[qsizetype(c)]).replace(QLatin1Char('\n'), QLatin1Char(' ')).toHtmlEscaped(),
             series.name.toHtmlEscaped(), formatValue(series.values[c], panel.quantity))
        .arg(total > 0 ? 100 * series.values[c] / total : 0, 0, 'f', 1)
        .arg(formatValue(total, panel.quantity));
  }
  return {};
}

PlotTable BreakdownPlot::table() const {
  PlotTable t;
  t.title = mData.title;
  t.columns = {QStringLiteral("panel"), QStringLiteral("category"), QStringLiteral("series"), QStringLiteral("value"),
               QStringLiteral("unit")};
  for (const auto& panel : mData.panels)
    for (const auto& s : panel.series)
      for (std::size_t c = 0; c < s.values.size(); ++c) {
        if (s.values[c] == 0 && s.colour != BarColour::Series) continue; // the empty slots of one-bar series
        t.addRow({panel.title, QString(panel.categories[qsizetype(c)]).replace(QLatin1Char('\n'), QLatin1Char(' ')), s.name,
                  s.values[c], unitOf(panel.quantity)});
      }
  return t;
}

} // namespace llmwb::ui
