// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/operators.h"
#include "core/package/area_model.h"

#include <string>
#include <vector>

namespace llmwb {

/// One array geometry of DUET Fig. 5: its area at 7 nm (array, SFUs, 1 MB buffer, without chiplet
/// overhead) and the latency of one SSM kernel on one array.
struct ArrayDesignPoint {
  std::string kind; ///< "systolic" or "vector"
  int rows = 0, cols = 0, width = 0;
  SquareMillimeters area;
  Seconds latency;
  double utilisation = 0; ///< MACs / (peak x latency)
  bool pareto = false;    ///< on the area-latency front (both minimised)
  bool chosen = false;    ///< DUET's pick: 64 x 32 systolic, 32-wide 16 x 8 vector units
  std::string label() const;
};

/// DUET Fig. 5(a): rows and columns each in `dims` (8 ... 256), SRAM at `sram` (256 GB/s), on a
/// `tokens`-token Mamba-2 SSM kernel (one layer, one sequence).
std::vector<ArrayDesignPoint> sweepSystolicArrays(const AreaModelSpec& area, const Mamba2Spec& layer, double tokens,
                                                  BytesPerSecond sram, const std::vector<int>& dims);

/// DUET Fig. 5(b): widths W and rows x cols of units (4 ... 32), SRAM at `sram` (1024 GB/s), one
/// decode step of the same SSM (the state streams in and out of the buffer).
std::vector<ArrayDesignPoint> sweepVectorArrays(const AreaModelSpec& area, const Mamba2Spec& layer, BytesPerSecond sram,
                                                const std::vector<int>& widths, const std::vector<int>& dims);

/// Marks the points no other point beats on both area and latency.
void markAreaLatencyFront(std::vector<ArrayDesignPoint>& points);

} // namespace llmwb
