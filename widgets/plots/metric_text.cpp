// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/metric_text.h"

#include "core/dse/metrics.h"

#include <cmath>

namespace llmwb::ui {

namespace {
/// Description split at its last ", ": the unit is what follows, up to ";" or " (".
std::pair<QString, QString> split(const std::string& metric) {
  const auto* m = dse::findMetric(metric);
  if (!m) return {QString::fromStdString(metric), {}};
  const QString description = QString::fromStdString(m->description);
  const qsizetype comma = description.lastIndexOf(QLatin1String(", "));
  QString title = comma > 0 ? description.left(comma) : description;
  QString unit = comma > 0 ? description.mid(comma + 2) : QString();
  for (const auto* stop : {";", " ("}) {
    const qsizetype at = unit.indexOf(QLatin1String(stop));
    if (at >= 0) unit.truncate(at);
  }
  // "(DUET 4.5)" and similar source notes belong in the description, not on an axis.
  const qsizetype paren = title.indexOf(QLatin1String(" ("));
  if (paren > 0) title.truncate(paren);
  unit.replace(QLatin1String("mm^2"), QStringLiteral("mm²"));
  if (unit.contains(QLatin1Char(' '))) unit.clear(); // not a unit but more description
  if (!title.isEmpty()) title[0] = title[0].toUpper();
  return {title, unit};
}
} // namespace

QString metricTitle(const std::string& metric) { return split(metric).first; }
QString metricUnit(const std::string& metric) { return split(metric).second; }

QString metricAxisLabel(const std::string& metric) {
  const auto [title, unit] = split(metric);
  return unit.isEmpty() ? title : QStringLiteral("%1 (%2)").arg(title, unit);
}

QString parameterValueText(const dse::Parameter& p, double coordinate) {
  if (p.domain.discrete()) {
    const auto i = std::size_t(std::llround(coordinate));
    if (i < p.domain.values.size()) return QString::fromStdString(dse::toString(p.domain.values[i]));
    return QStringLiteral("?");
  }
  return QString::number(coordinate, 'g', 4);
}

} // namespace llmwb::ui
