// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fields of DUET's array blocks, shared by the "arrays" compute kind and the compute chiplet of
// a package (core/package), where `count` is per chiplet and may be "fill".

#include "core/compute/arrays/array_spec.h"
#include "core/params/param_io.h"

namespace llmwb {

const params::ParamTable<SystolicArraySpec>& systolicFields(bool perChiplet);
const params::ParamTable<VectorArraySpec>& vectorFields(bool perChiplet);

/// The systolic and vector blocks of `r` (either may be absent) at the `frequency_MHz` of `r`.
void readArrayBlocks(const params::ParamReader& r, bool perChiplet, std::optional<SystolicArraySpec>& systolic,
                     std::optional<VectorArraySpec>& vector);
void writeArrayBlocks(params::ParamWriter& w, bool perChiplet, const std::optional<SystolicArraySpec>& systolic,
                      const std::optional<VectorArraySpec>& vector);
/// The clock of the arrays (they share one), 700 MHz without arrays.
Hertz arrayFrequency(const std::optional<SystolicArraySpec>& systolic, const std::optional<VectorArraySpec>& vector);
/// The `frequency_MHz` field of a block that holds arrays: it sets every array's clock.
template <class Spec> params::Field<Spec> arrayFrequencyField() {
  params::Field<Spec> f;
  f.key = "frequency_MHz";
  f.type = params::FieldType::Real;
  f.label = "Frequency";
  f.unit = "MHz";
  f.range = {1, 10000};
  f.doc = "clock of every array";
  f.source = "DUET 4.2: 700 MHz";
  f.get = [](const Spec& s) { return params::FieldValue(units::inMegahertz(arrayFrequency(s.systolic, s.vector))); };
  f.set = [](Spec& s, const params::FieldValue& v) {
    const Hertz h = units::megahertz(params::numberOf(v, "frequency_MHz"));
    if (s.systolic) s.systolic->frequency = h;
    if (s.vector) s.vector->frequency = h;
  };
  return f;
}

} // namespace llmwb
