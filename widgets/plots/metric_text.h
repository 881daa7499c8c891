// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Axis text for design-space metrics (core/dse/metrics.h): a title and the unit, read from the
// metric's declared title and unit (dse::Metric::title, unit).

#include "core/dse/design_space.h"

#include <QString>

namespace llmwb::ui {

QString metricTitle(const std::string& metric); ///< "Decode throughput at the largest batch that fits"
QString metricUnit(const std::string& metric);  ///< "tokens/s"; empty for a count
/// "Decode throughput at the largest batch that fits (tokens/s)"
QString metricAxisLabel(const std::string& metric);
/// The value of parameter `p` at a design coordinate: "hbm4-12h", "4", "1024x64".
QString parameterValueText(const dse::Parameter& p, double coordinate);

} // namespace llmwb::ui
