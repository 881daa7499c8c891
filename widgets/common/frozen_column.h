// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The first column of a table kept in place while the rest scrolls sideways (the comparison's
// System column on a laptop): a second view over the same model and selection, showing only
// that column, laid over the table's left edge and kept in step with its rows, its column width
// and its vertical scrolling. Qt's "Frozen Column" example is the pattern.

#include <QTableView>

namespace llmwb::ui {

class FrozenColumn : public QTableView {
  Q_OBJECT
public:
  /// Lays itself over `table`'s first column; call once the table has its model.
  explicit FrozenColumn(QTableView* table);

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

private:
  void hideOtherColumns();
  void copyRowHeights();
  void place();

  QTableView* mTable;
};

} // namespace llmwb::ui
