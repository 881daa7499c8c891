// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/common/table_cells.h"

#include <QTableWidget>

namespace llmwb::ui {

QTableWidgetItem* setCell(QTableWidget* table, int row, int column, const QString& text, bool number, const QString& tip,
                          bool editable) {
  QTableWidgetItem* item = table->item(row, column);
  if (!item) {
    item = new QTableWidgetItem;
    table->setItem(row, column, item);
  }
  // QTableWidgetItem::setData ignores a value equal to the one it holds: unchanged cells stay.
  item->setText(text);
  item->setToolTip(tip);
  const QVariant alignment = number ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
  if (item->data(Qt::TextAlignmentRole) != alignment) item->setData(Qt::TextAlignmentRole, alignment);
  const Qt::ItemFlags flags = editable ? item->flags() | Qt::ItemIsEditable : item->flags() & ~Qt::ItemIsEditable;
  if (flags != item->flags()) item->setFlags(flags);
  return item;
}

} // namespace llmwb::ui
