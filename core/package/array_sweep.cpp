// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/package/array_sweep.h"

#include "core/compute/arrays/systolic_array.h"
#include "core/compute/arrays/vector_unit_array.h"

#include <algorithm>

namespace llmwb {

namespace {
constexpr double kStateBytes = 2.0; ///< the SSM kernel runs in FP16 inside the array (DUET 4.1)
}

std::string ArrayDesignPoint::label() const {
  if (kind == "vector") return std::to_string(width) + "-wide " + std::to_string(rows) + "x" + std::to_string(cols);
  return std::to_string(rows) + "x" + std::to_string(cols);
}

void markAreaLatencyFront(std::vector<ArrayDesignPoint>& points) {
  for (auto& p : points) {
    p.pareto = std::none_of(points.begin(), points.end(), [&](const ArrayDesignPoint& q) {
      return q.area <= p.area && q.latency <= p.latency && (q.area < p.area || q.latency < p.latency);
    });
  }
}

std::vector<ArrayDesignPoint> sweepSystolicArrays(const AreaModelSpec& area, const Mamba2Spec& layer, double tokens,
                                                  BytesPerSecond sram, const std::vector<int>& dims) {
  const ScanWork kernel{1, tokens, double(layer.heads) * layer.headDim, double(layer.stateSize), double(layer.groups), 3, kStateBytes};
  std::vector<ArrayDesignPoint> out;
  for (int rows : dims)
    for (int cols : dims) {
      SystolicArraySpec s;
      s.rows = rows;
      s.cols = cols;
      s.arrays = 1;
      s.sramBandwidth = sram;
      const SystolicArrayUnit unit(s);
      ArrayDesignPoint p;
      p.kind = "systolic";
      p.rows = rows;
      p.cols = cols;
      p.area = systolicArrayArea(area, s);
      p.latency = unit.scanTime(kernel);
      p.utilisation = units::macs(kernel.macs()) / (unit.peakMatrixFlops(16) * p.latency);
      p.chosen = rows == 64 && cols == 32;
      out.push_back(p);
    }
  markAreaLatencyFront(out);
  return out;
}

std::vector<ArrayDesignPoint> sweepVectorArrays(const AreaModelSpec& area, const Mamba2Spec& layer, BytesPerSecond sram,
                                                const std::vector<int>& widths, const std::vector<int>& dims) {
  const ScanWork step{1, 1, double(layer.heads) * layer.headDim, double(layer.stateSize), double(layer.groups), 3, kStateBytes};
  const double stateBytes = step.channels * step.stateSize * kStateBytes;
  std::vector<ArrayDesignPoint> out;
  for (int w : widths)
    for (int rows : dims)
      for (int cols : dims) {
        VectorArraySpec v;
        v.width = w;
        v.rows = rows;
        v.cols = cols;
        v.arrays = 1;
        v.sramBandwidth = sram;
        const VectorUnitArray unit(v);
        ArrayDesignPoint p;
        p.kind = "vector";
        p.width = w;
        p.rows = rows;
        p.cols = cols;
        p.area = vectorArrayArea(area, v);
        // The state is read from and written back to the buffer once per step.
        const Seconds stream(2 * stateBytes / sram.value());
        p.latency = std::max(unit.scanTime(step), stream);
        p.utilisation = units::macs(step.macs()) / (unit.peakMatrixFlops(16) * p.latency);
        p.chosen = w == 32 && rows == 16 && cols == 8;
        out.push_back(p);
      }
  markAreaLatencyFront(out);
  return out;
}

} // namespace llmwb
