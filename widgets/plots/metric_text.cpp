// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/metric_text.h"

#include "core/dse/metrics.h"

#include <cmath>

namespace llmwb::ui {

namespace {
/// The metric's title (capitalised, as an axis reads) and unit, as it declares them.
std::pair<QString, QString> split(const std::string& metric) {
  const auto* m = dse::findMetric(metric);
  if (!m) return {QString::fromStdString(metric), {}};
  QString title = QString::fromStdString(m->title);
  if (!title.isEmpty()) title[0] = title[0].toUpper();
  return {title, QString::fromStdString(m->unit)};
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
