// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The numbers behind a plot, as a table for export: column names carry their SI unit
// ("time_s", "flops_per_s"), values are numbers or text.

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace llmwb::ui {

struct PlotTable {
  QString title;
  QStringList columns;
  QList<QVariantList> rows; ///< one value per column

  void addRow(QVariantList row) { rows.push_back(std::move(row)); }
  /// RFC 4180: a header line, then one line per row; text quoted when it needs to be.
  QString toCsv() const;
  /// {"title": ..., "columns": [...], "rows": [{column: value, ...}, ...]}
  QByteArray toJson() const;
};

} // namespace llmwb::ui
