// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compute/arrays/array_spec.h"
#include "core/units/quantity.h"

namespace llmwb {

/// The per-unit figures DUET 4.5 builds a chiplet from, at their own nodes, and the factors that
/// scale each node to the 7 nm the chiplets are built in.
struct AreaModelSpec {
  // DUET Table 5 (TSMC 28 nm synthesis): one 64 x 32 systolic array and one 32-wide 16 x 8
  // vector-unit array; the area scales with the PE / lane count.
  SquareMillimeters systolicPerPe = units::squareMillimeters(3.01 / (64 * 32));
  SquareMillimeters vectorPerLane = units::squareMillimeters(6.61 / (32 * 16 * 8));
  // DUET 4.5, FlexSFU at 28 nm: 0.95 mm^2 for 64 units.
  SquareMillimeters sfu = units::squareMillimeters(0.95 / 64);
  // DUET 4.5, CACTI 7 at 32 nm: 1 MB buffers of 4.51 mm^2 at 256 GB/s and 6.55 mm^2 at 1024 GB/s;
  // other bandwidths are interpolated linearly between (and beyond) the two (assumption).
  SquareMillimeters sramPerMiBAtLow = units::squareMillimeters(4.51);
  BytesPerSecond sramLowBandwidth = units::gigabytesPerSecond(256);
  SquareMillimeters sramPerMiBAtHigh = units::squareMillimeters(6.55);
  BytesPerSecond sramHighBandwidth = units::gigabytesPerSecond(1024);
  // DUET 4.5, Nvidia GRS [31]: one 8-lane 25 Gb/s PHY is 0.3876 mm^2 at 16 nm.
  SquareMillimeters d2dPhy = units::squareMillimeters(0.3876);
  BytesPerSecond d2dPhyBandwidth = units::gigabytesPerSecond(8 * 25.0 / 8);
  SquareMillimeters bumpsPerPhy;  ///< UCIe x64 advanced-package microbumps per PHY (see presets)
  // Scaling to 7 nm (DUET uses DeepScaleTool [36]).
  double scale28nm = 1.0;
  double scale32nm = 1.0;
  double scale16nm = 1.0;
  double overhead = 0.40; ///< DUET 4.5: "reserve 40% additional area for controllers, routing, ..."
};

/// Area of one chiplet's parts at 7 nm, before and after the overhead.
struct ChipletArea {
  SquareMillimeters systolic; ///< arrays + their SFUs
  SquareMillimeters vector;
  SquareMillimeters sram;
  SquareMillimeters d2d;      ///< PHYs + bumps
  SquareMillimeters total;    ///< (sum) x (1 + overhead)
};

SquareMillimeters sramArea(const AreaModelSpec& m, Bytes capacity, BytesPerSecond bandwidth);
/// One systolic array with its SFU column and SRAM buffer, at 7 nm, without the overhead.
SquareMillimeters systolicArrayArea(const AreaModelSpec& m, const SystolicArraySpec& a);
/// One vector-unit array with its SFU row and SRAM buffer, at 7 nm, without the overhead.
SquareMillimeters vectorArrayArea(const AreaModelSpec& m, const VectorArraySpec& a);
ChipletArea chipletArea(const AreaModelSpec& m, const ArrayComputeSpec& perChiplet, int d2dPhys);

} // namespace llmwb
