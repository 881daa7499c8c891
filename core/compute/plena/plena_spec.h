// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/units/quantity.h"

namespace llmwb {

/// PLENA-style NPU core (Wu et al., ISCA'26): a flattened MLEN x BLEN matrix engine (MemExplorer
/// Table 6 "PE Array 2048x128" is MLEN x BLEN) and a VLEN-lane vector unit, both at `frequency`.
/// Its fields, defaults and ranges for presets and editors: plena/plena_kind.cpp.
struct PlenaComputeSpec {
  static constexpr const char* kKind = "plena";
  int mlen = 2048;
  int blen = 128;
  int vlen = 2048;
  Hertz frequency = units::gigahertz(1.0); // 1 GHz in every PLENA analytic model
};

} // namespace llmwb
