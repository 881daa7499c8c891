// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Widgets of equal rank (the summary cards) in rows that wrap to the width: as many columns as
// fit at the widest item's minimum, rows balanced (seven cards in a 730 px laptop pane: 4 + 3),
// every column the same width. The height follows the width, so nothing scrolls sideways and
// nothing is hidden.

#include <QWidget>

#include <vector>

namespace llmwb::ui {

class WrapGrid : public QWidget {
  Q_OBJECT
public:
  /// `minColumnWidth`: no column narrower than this, whatever the items' own minimum.
  explicit WrapGrid(int minColumnWidth, QWidget* parent = nullptr);
  void addWidget(QWidget* item);
  /// Columns at the current width.
  int columns() const { return mColumns; }
  /// Columns at `width`: as many as fit, then as few as keep the same number of rows.
  int columnsFor(int width) const;

  /// Height of the rows at `width`; the widget keeps the height of its current width.
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  bool event(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  int columnWidth() const;
  int rowHeight() const;
  /// Takes the items' size hints (after they change).
  void measure();
  void place();

  std::vector<QWidget*> mItems;
  int mColumnWidth = 0, mRowHeight = 0; ///< measure()'s: the widest item's minimum, the tallest item's hint
  int mMinColumnWidth;
  int mColumns = 0;
};

} // namespace llmwb::ui
