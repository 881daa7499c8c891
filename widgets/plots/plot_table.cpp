// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/plot_table.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace llmwb::ui {

namespace {
QString csvField(const QVariant& v) {
  if (v.typeId() == QMetaType::Double) {
    const double d = v.toDouble();
    return std::isfinite(d) ? QString::number(d, 'g', 12) : QString();
  }
  QString text = v.toString();
  if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))) {
    text.replace(QLatin1String("\""), QLatin1String("\"\""));
    text = QLatin1Char('"') + text + QLatin1Char('"');
  }
  return text;
}

QJsonValue jsonValue(const QVariant& v) {
  if (v.typeId() == QMetaType::Double) {
    const double d = v.toDouble();
    return std::isfinite(d) ? QJsonValue(d) : QJsonValue(QJsonValue::Null); // JSON has no NaN
  }
  return QJsonValue::fromVariant(v);
}
} // namespace

QString PlotTable::toCsv() const {
  QStringList lines;
  QStringList header;
  for (const auto& c : columns) header << csvField(c);
  lines << header.join(QLatin1Char(','));
  for (const auto& row : rows) {
    QStringList fields;
    for (const auto& v : row) fields << csvField(v);
    lines << fields.join(QLatin1Char(','));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QByteArray PlotTable::toJson() const {
  QJsonArray jsonRows;
  for (const auto& row : rows) {
    QJsonObject object;
    for (qsizetype i = 0; i < columns.size() && i < row.size(); ++i) object.insert(columns[i], jsonValue(row[i]));
    jsonRows.append(object);
  }
  QJsonObject document{{QStringLiteral("title"), title},
                       {QStringLiteral("columns"), QJsonArray::fromStringList(columns)},
                       {QStringLiteral("rows"), jsonRows}};
  return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

} // namespace llmwb::ui
