// SPDX-License-Identifier: GPL-3.0-or-later
// A plot on screen (PlotView::wrapOnScreen, after every replot): headings and axis labels wrap to
// their cells, the names of a legend beside the plot to a share of the pane, and a legend under the
// plot keeps only the columns the pane holds. What each text was given is kept, so a wider pane
// unwraps it and a printed figure (figure_layout.cpp) starts from the original.

#include "widgets/plots/plot_view.h"
#include "widgets/plots/text_fit.h"

#include <QFontMetricsF>

#include <algorithm>
#include <map>
#include <optional>

namespace llmwb::ui {

namespace {
/// On screen the names of a legend beside the plot wrap to this share of the pane.
constexpr double kScreenSideLegendMaxShare = 0.4;
} // namespace

void PlotView::wrapOnScreen() {
  if (!isVisible() || mFigure.active) return;
  bool changed = false;
  // Only the texts and axes the plot has now are kept (a rebuild replaces them).
  std::map<QCPTextElement*, ScreenText> texts;
  std::map<QCPAxis*, ScreenText> labels;
  auto wrap = [&](ScreenText& s, const QString& current, const QFont& font, int width) -> std::optional<QString> {
    if (current != s.shown) s.original = current; // the view set a new text since
    const QString wanted = width > 0 ? wrapToWidth(s.original, font, width) : s.original;
    s.shown = wanted;
    if (wanted == current) return std::nullopt;
    changed = true;
    return wanted;
  };
  for (auto* element : plotLayout()->elements(true)) {
    auto* text = qobject_cast<QCPTextElement*>(element);
    if (!text || !text->visible() || text->text().isEmpty()) continue;
    // A text wraps to its own cell (headings never widen their column): wider, it would be cut at
    // both edges, or run into the column beside it.
    const int cell = text->outerRect().width() > 0 ? text->outerRect().width() : viewport().width();
    const int width = std::min(cell, viewport().width() - 8) - text->margins().left() - text->margins().right();
    auto& known = texts[text] = mScreenTexts[text];
    if (auto t = wrap(known, text->text(), text->font(), width)) text->setText(*t);
  }
  for (auto* rect : axisRects())
    for (auto* axis : rect->axes()) {
      if (!axis->visible() || axis->label().isEmpty()) continue;
      const int length = axis->orientation() == Qt::Horizontal ? rect->width() : rect->height();
      auto& known = labels[axis] = mScreenLabels[axis];
      if (auto t = wrap(known, axis->label(), axis->labelFont(), length)) axis->setLabel(*t);
    }
  // A legend beside the plot keeps its names within a share of the pane (a long ceiling name
  // would squeeze the plot to a sliver on a laptop): longer names wrap, to a wider share when the
  // wrapped lines would not fit the pane's height.
  std::map<QCPAbstractPlottable*, ScreenText> names;
  std::vector<QCPPlottableLegendItem*> items;
  QCPLegend* side = nullptr;
  for (auto* element : plotLayout()->elements(true)) {
    auto* item = qobject_cast<QCPPlottableLegendItem*>(element);
    if (!item || !besidePlot(qobject_cast<QCPLayoutGrid*>(item->parentLegend()->layout()))) continue;
    auto& known = names[item->plottable()] = mScreenNames[item->plottable()];
    if (item->plottable()->name() != known.shown) known.original = item->plottable()->name();
    items.push_back(item);
    side = item->parentLegend();
  }
  if (side) {
    const int chrome = 14 + 7 + 20; // icon, padding, margins
    auto heightAt = [&](int room) {
      int height = side->margins().top() + side->margins().bottom();
      for (auto* item : items) {
        const QFontMetrics fm(item->font());
        const int lines = int(wrapToWidth(names[item->plottable()].original, item->font(), room).count('\n')) + 1;
        height += std::max(side->iconSize().height(), lines * fm.height()) + item->margins().top() + item->margins().bottom() +
                  side->rowSpacing();
      }
      return height;
    };
    const int available = qobject_cast<QCPLayoutGrid*>(side->layout())->rect().height();
    int room = int(kScreenSideLegendMaxShare * viewport().width()) - chrome;
    for (double share = kScreenSideLegendMaxShare + 0.05; share <= 0.56 && heightAt(room) > available; share += 0.05)
      room = int(share * viewport().width()) - chrome;
    for (auto* item : items)
      if (auto t = wrap(names[item->plottable()], item->plottable()->name(), item->font(), room)) item->plottable()->setName(*t);
  }
  // A legend under the plot keeps as many of its columns as the pane's width holds, down to one
  // whose longer names wrap (three entries of the die view's legend ran off a laptop's pane).
  if (mBelowLegendColumns > 0 && legend->visible() && legend->layout() == plotLayout() && legend->itemCount() > 0) {
    std::vector<QCPPlottableLegendItem*> below;
    for (int i = 0; i < legend->itemCount(); ++i)
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i))) below.push_back(item);
    const int chrome = 14 + 7 + 20; // icon, padding, margins
    const int available = viewport().width() - legend->margins().left() - legend->margins().right() - 8;
    std::vector<int> widths;
    for (auto* item : below) {
      auto& known = names[item->plottable()] = mScreenNames[item->plottable()];
      if (item->plottable()->name() != known.shown) known.original = item->plottable()->name();
      const QFontMetricsF fm(item->font());
      double widest = 0; // a name the view wrapped itself is as wide as its longest line
      for (const QString& line : known.original.split(QLatin1Char('\n'))) widest = std::max(widest, fm.horizontalAdvance(line));
      widths.push_back(int(widest) + chrome);
    }
    const int columns = std::min(mBelowLegendColumns, columnsThatFit(widths, available, legend->columnSpacing()));
    for (auto* item : below)
      if (auto t = wrap(names[item->plottable()], item->plottable()->name(), item->font(), columns == 1 ? available - chrome : 0))
        item->plottable()->setName(*t);
    if (columns != legend->wrap()) {
      legend->setWrap(columns);
      legend->setFillOrder(QCPLayoutGrid::foColumnsFirst); // setWrap() alone leaves the items where they are
      changed = true;
    }
  }
  mScreenTexts = std::move(texts);
  mScreenLabels = std::move(labels);
  mScreenNames = std::move(names);
  if (changed && mScreenWraps < 2) {
    ++mScreenWraps;
    replot(QCustomPlot::rpQueuedReplot);
  } else {
    mScreenWraps = 0;
  }
}

void PlotView::restoreScreenTexts() {
  for (auto* element : plotLayout()->elements(true))
    if (auto* text = qobject_cast<QCPTextElement*>(element))
      if (auto it = mScreenTexts.find(text); it != mScreenTexts.end() && text->text() == it->second.shown)
        text->setText(it->second.original);
  for (auto* rect : axisRects())
    for (auto* axis : rect->axes())
      if (auto it = mScreenLabels.find(axis); it != mScreenLabels.end() && axis->label() == it->second.shown)
        axis->setLabel(it->second.original);
  for (auto* element : plotLayout()->elements(true))
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(element))
      if (auto it = mScreenNames.find(item->plottable()); it != mScreenNames.end() && item->plottable()->name() == it->second.shown)
        item->plottable()->setName(it->second.original);
  mScreenTexts.clear();
  mScreenLabels.clear();
  mScreenNames.clear();
}

} // namespace llmwb::ui
