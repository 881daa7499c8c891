// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/silicon_area.h"

#include <cmath>

namespace llmwb::engine {

SiliconArea siliconArea(const std::vector<DeviceSummary>& devices) {
  SiliconArea a;
  double total = 0;
  for (const auto& d : devices) {
    const double each = d.area.value() > 0 ? d.area.value() : d.interposerArea.value();
    if (each > 0 && std::isfinite(each)) {
      total += each * d.count;
      continue;
    }
    if (!a.missing.empty()) a.missing += "; ";
    a.missing += d.name + ": no area model (engine \"" + d.engine +
                 "\"; its preset gives no die area, and it is not a chiplet package)";
  }
  if (devices.empty()) a.missing = "the system has no devices";
  if (a.missing.empty()) a.total = SquareMillimeters(total);
  return a;
}

double perSquareMillimeter(double rate, SquareMillimeters area) {
  return area.value() > 0 && rate > 0 && std::isfinite(rate) ? rate / area.value() : 0.0;
}

} // namespace llmwb::engine
