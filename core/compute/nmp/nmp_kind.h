// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the NMP logic-die kinds (snake, fixed_array, mac_tree) share as compute kinds: the die's
// area (PUs x area per PU) and its peak power (matrix + vector + PE control + NoC).

#include "core/compute/compute_kind.h"

#include <algorithm>

namespace llmwb::nmp {

template <ComputeParameters S> class NmpKind : public ComputeKindOf<S> {
public:
  using ComputeKindOf<S>::ComputeKindOf;
  std::optional<SquareMillimeters> area(const ComputeSpec& spec) const override {
    const auto& s = spec.template as<S>();
    return units::squareMillimeters(s.puAreaMm2 * s.pus);
  }

protected:
  std::optional<Watts> power(const S& s) const override { return units::watts(total(s)); }
  double matrixShare(const S& s) const override { return total(s) > 0 ? s.matrixPeakW / total(s) : 1.0; }

private:
  static double total(const S& s) { return s.matrixPeakW + s.vectorPeakW + s.controlPeakW + s.nocPeakW; }
};

} // namespace llmwb::nmp
