// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/frozen_column.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QHeaderView>
#include <QScrollBar>

namespace llmwb::ui {

FrozenColumn::FrozenColumn(QTableView* table) : QTableView(table), mTable(table) {
  setObjectName(QStringLiteral("FrozenColumn"));
  setModel(table->model());
  setSelectionModel(table->selectionModel());
  setSelectionBehavior(table->selectionBehavior());
  setEditTriggers(table->editTriggers());
  setAlternatingRowColors(table->alternatingRowColors());
  setWordWrap(table->wordWrap());
  setTextElideMode(table->textElideMode());
  setFocusPolicy(Qt::NoFocus);
  setFrameShape(QFrame::NoFrame);
  verticalHeader()->hide();
  horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  horizontalHeader()->setStretchLastSection(false);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollMode(table->verticalScrollMode());
  // Drops go on to the table underneath (its drop handling); tooltips come from the model.
  setAcceptDrops(false);
  hideOtherColumns();
  copyRowHeights();
  setColumnWidth(0, table->columnWidth(0));

  connect(table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int size) {
    if (column != 0) return;
    setColumnWidth(0, size);
    place();
  });
  connect(table->verticalHeader(), &QHeaderView::sectionResized, this, [this](int row, int, int size) { setRowHeight(row, size); });
  connect(verticalScrollBar(), &QScrollBar::valueChanged, table->verticalScrollBar(), &QScrollBar::setValue);
  connect(table->verticalScrollBar(), &QScrollBar::valueChanged, verticalScrollBar(), &QScrollBar::setValue);
  // Rows come and go with the model both views share, and their heights follow the table's
  // header above; only new columns need hiding. (Nothing here asks the table itself, which may be
  // half destroyed when its model's last signals arrive.)
  connect(table->model(), &QAbstractItemModel::columnsInserted, this, &FrozenColumn::hideOtherColumns);
  table->viewport()->stackUnder(this);
  table->installEventFilter(this);
  place();
  show();
}

void FrozenColumn::hideOtherColumns() {
  for (int c = 0; c < model()->columnCount(); ++c) setColumnHidden(c, c != 0);
}

void FrozenColumn::copyRowHeights() {
  for (int r = 0; r < model()->rowCount(); ++r) setRowHeight(r, mTable->rowHeight(r));
}

void FrozenColumn::place() {
  // Over the table's first column and its header cell, inside the frame; above the sideways
  // scroll bar.
  const int frame = mTable->frameWidth();
  const int left = frame + (mTable->verticalHeader()->isVisible() ? mTable->verticalHeader()->width() : 0);
  horizontalHeader()->setFixedHeight(mTable->horizontalHeader()->height());
  setGeometry(left, frame, mTable->columnWidth(0), mTable->viewport()->height() + mTable->horizontalHeader()->height());
}

bool FrozenColumn::eventFilter(QObject* watched, QEvent* event) {
  if (watched == mTable && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest || event->type() == QEvent::Show))
    place();
  return QTableView::eventFilter(watched, event);
}

void FrozenColumn::contextMenuEvent(QContextMenuEvent* event) {
  // The table's own menu, as if the click had landed on it.
  const QPoint at = mTable->viewport()->mapFrom(this, event->pos());
  QContextMenuEvent forwarded(event->reason(), at, event->globalPos(), event->modifiers());
  QCoreApplication::sendEvent(mTable->viewport(), &forwarded);
}

} // namespace llmwb::ui
