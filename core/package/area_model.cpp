// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/package/area_model.h"

#include <algorithm>

namespace llmwb {

SquareMillimeters sramArea(const AreaModelSpec& m, Bytes capacity, BytesPerSecond bandwidth) {
  const double t = (bandwidth - m.sramLowBandwidth) / (m.sramHighBandwidth - m.sramLowBandwidth);
  const SquareMillimeters perMiB = m.sramPerMiBAtLow + (m.sramPerMiBAtHigh - m.sramPerMiBAtLow) * t;
  return std::max(perMiB, SquareMillimeters()) * (capacity.value() / units::kMebi) * m.scale32nm;
}

SquareMillimeters systolicArrayArea(const AreaModelSpec& m, const SystolicArraySpec& a) {
  const SquareMillimeters logic = m.systolicPerPe * (double(a.rows) * a.cols) + m.sfu * a.sfus();
  return logic * m.scale28nm + sramArea(m, a.sram, a.sramBandwidth);
}

SquareMillimeters vectorArrayArea(const AreaModelSpec& m, const VectorArraySpec& a) {
  const SquareMillimeters logic = m.vectorPerLane * double(a.lanes()) + m.sfu * a.sfus();
  return logic * m.scale28nm + sramArea(m, a.sram, a.sramBandwidth);
}

ChipletArea chipletArea(const AreaModelSpec& m, const ArrayComputeSpec& c, int d2dPhys) {
  ChipletArea a;
  if (c.systolic) {
    SystolicArraySpec one = *c.systolic;
    const SquareMillimeters sram = sramArea(m, one.sram, one.sramBandwidth);
    a.systolic = (systolicArrayArea(m, one) - sram) * double(c.systolic->arrays);
    a.sram += sram * double(c.systolic->arrays);
  }
  if (c.vector) {
    const SquareMillimeters sram = sramArea(m, c.vector->sram, c.vector->sramBandwidth);
    a.vector = (vectorArrayArea(m, *c.vector) - sram) * double(c.vector->arrays);
    a.sram += sram * double(c.vector->arrays);
  }
  a.d2d = (m.d2dPhy * m.scale16nm + m.bumpsPerPhy) * double(d2dPhys);
  a.total = (a.systolic + a.vector + a.sram + a.d2d) * (1.0 + m.overhead);
  return a;
}

} // namespace llmwb
