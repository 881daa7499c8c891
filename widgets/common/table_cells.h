// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Filling a QTableWidget again for new results without replacing its items: a cell whose text is
// unchanged is not repainted, and no item is allocated per edit.

#include <QString>
#include <Qt>

class QTableWidget;
class QTableWidgetItem;

namespace llmwb::ui {

/// The item at (row, column), created when there is none, with this text, tooltip and alignment
/// (numbers right-aligned) and not editable unless `editable`.
QTableWidgetItem* setCell(QTableWidget* table, int row, int column, const QString& text, bool number = false,
                          const QString& tip = {}, bool editable = false);

} // namespace llmwb::ui
