// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/wrap_grid.h"

#include <QResizeEvent>

#include <algorithm>

namespace llmwb::ui {

namespace {
constexpr int kSpacing = 4; // between columns and between rows, px
}

// The items are placed by hand, not by a QGridLayout: a widget with a layout has its height for
// a width asked of the layout, which knows nothing of wrapping.
WrapGrid::WrapGrid(int minColumnWidth, QWidget* parent) : QWidget(parent), mMinColumnWidth(minColumnWidth) {
  // The height is fixed to the rows at the current width (place()). Not heightForWidth(): a scroll
  // area around a layout that has it takes the layout's preferred height for its minimum, and the
  // tables under the cards would push the page into scrolling.
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void WrapGrid::addWidget(QWidget* item) {
  item->setParent(this);
  mItems.push_back(item);
  measure();
  updateGeometry();
  place();
}

void WrapGrid::measure() {
  // The items' size hints are asked once per change of theirs (a layout computation each), not
  // at every question about columns and heights.
  mColumnWidth = mMinColumnWidth;
  mRowHeight = 0;
  for (auto* item : mItems) {
    mColumnWidth = std::max(mColumnWidth, item->minimumSizeHint().width());
    mRowHeight = std::max(mRowHeight, item->sizeHint().height());
  }
}

int WrapGrid::columnWidth() const { return mColumnWidth; }

int WrapGrid::rowHeight() const { return mRowHeight; }

int WrapGrid::columnsFor(int width) const {
  const int n = int(mItems.size());
  if (n == 0) return 1;
  const int fit = std::clamp((width + kSpacing) / (columnWidth() + kSpacing), 1, n);
  const int rows = (n + fit - 1) / fit;
  return (n + rows - 1) / rows; // balanced: 7 items in 4 columns are 4 + 3, not 4 + 4 + ...
}

int WrapGrid::heightForWidth(int width) const {
  const int n = int(mItems.size());
  if (n == 0) return 0;
  const int columns = columnsFor(width);
  const int rows = (n + columns - 1) / columns;
  return rows * rowHeight() + (rows - 1) * kSpacing;
}

QSize WrapGrid::sizeHint() const {
  // As wide as one row; as tall as the rows at the width it has now.
  const int n = std::max<int>(1, int(mItems.size()));
  const int w = n * columnWidth() + (n - 1) * kSpacing;
  return {w, heightForWidth(width() > 0 ? width() : w)};
}

QSize WrapGrid::minimumSizeHint() const { return {columnWidth(), heightForWidth(width() > 0 ? width() : columnWidth())}; }

bool WrapGrid::event(QEvent* event) {
  // An item's texts changed (a new result): its size hint may have, and so may the rows.
  if (event->type() == QEvent::LayoutRequest) {
    measure();
    updateGeometry();
    place();
  }
  return QWidget::event(event);
}

void WrapGrid::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  place();
}

void WrapGrid::place() {
  mColumns = columnsFor(width());
  const int height = heightForWidth(width());
  if (height != minimumHeight() || height != maximumHeight()) setFixedHeight(height); // another number of rows
  const int w = std::max(1, (width() - (mColumns - 1) * kSpacing) / mColumns);
  const int h = rowHeight();
  for (std::size_t i = 0; i < mItems.size(); ++i) {
    const int row = int(i) / mColumns, column = int(i) % mColumns;
    mItems[i]->setGeometry(column * (w + kSpacing), row * (h + kSpacing), w, h);
  }
}

} // namespace llmwb::ui
