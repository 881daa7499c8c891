// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/units/quantity.h"

#include <QString>

#include <string>

namespace llmwb::ui {

/// Human-readable values with their units, for labels and tooltips.
QString formatSeconds(Seconds s);
QString formatWatts(Watts w);
QString formatBytes(Bytes b);                 ///< binary units: GiB, MiB
QString formatBandwidth(BytesPerSecond b);    ///< decimal: TB/s, GB/s
QString formatFlops(FlopsPerSecond f);        ///< PFLOP/s, TFLOP/s
QString formatNumber(double v, int significant = 3);
/// A message from the engine (a problem, a warning) for the screen: its plain-text units typeset
/// ("mm^2" -> "mm²"), so it reads like the labels beside it.
QString engineText(const std::string& message);

} // namespace llmwb::ui
