// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/array_fields.h"

namespace llmwb {

namespace {
template <class A> params::Field<A> countField(bool perChiplet, const std::string& what) {
  auto f = params::integer<A>("count", &A::arrays).withLabel(what + (perChiplet ? " / chiplet" : "")).withRange(1, 1e6).isRequired()
               .withDoc(perChiplet ? "arrays per compute chiplet" : "arrays in the device").withSource("DUET Table 3");
  if (perChiplet) return std::move(f).withSpecial({"fill", kFillArrays, "as many as the chiplet area cap holds"});
  return f;
}

template <class A> params::Field<A> sramField(const std::string& what) {
  return params::quantity<A>("sram_MiB", &A::sram, &units::mebibytes, &units::inMebibytes).withLabel(what + " SRAM").withUnit("MiB")
      .withRange(1e-3, 1e6).withDoc("SRAM buffer per array").withSource("DUET 4.5");
}

template <class A> params::Field<A> sramBandwidthField(const std::string& what) {
  return params::quantity<A>("sram_bandwidth_GBps", &A::sramBandwidth, &units::gigabytesPerSecond, &units::inGigabytesPerSecond)
      .withLabel(what + " SRAM bandwidth").withUnit("GB/s").withRange(1e-3, 1e6).withDoc("SRAM buffer bandwidth per array")
      .withSource("DUET 4.2");
}

params::ParamTable<SystolicArraySpec> makeSystolic(bool perChiplet) {
  using A = SystolicArraySpec;
  return {"systolic arrays",
          {params::integer<A>("rows", &A::rows).withLabel("Systolic rows").withUnit("PEs").withRange(1, 4096).isRequired()
               .withDoc("PE rows of each array").withSource("DUET 3.2, Fig. 5a"),
           params::integer<A>("cols", &A::cols).withLabel("Systolic columns").withUnit("PEs").withRange(1, 4096).isRequired()
               .withDoc("PE columns of each array").withSource("DUET 3.2, Fig. 5a"),
           countField<A>(perChiplet, "Systolic arrays"), sramField<A>("Systolic"), sramBandwidthField<A>("Systolic"),
           params::real<A>("ssm_cycles_per_update", &A::ssmCyclesPerUpdate).withLabel("SSM cycles / update").withUnit("cycles")
               .withRange(0.01, 1000).withDoc("cycles per state-stationary Mamba state update")
               .withSource("DUET 3.2: one SSM update every three cycles")}};
}

params::ParamTable<VectorArraySpec> makeVector(bool perChiplet) {
  using A = VectorArraySpec;
  return {"vector-unit arrays",
          {params::integer<A>("width", &A::width).withLabel("Vector width").withUnit("lanes").withRange(1, 4096).isRequired()
               .withDoc("lanes of each vector unit").withSource("DUET 3.3, Fig. 5b"),
           params::integer<A>("rows", &A::rows).withLabel("Vector rows").withUnit("units").withRange(1, 4096).isRequired()
               .withDoc("rows of vector units per array").withSource("DUET 3.3, Fig. 5b"),
           params::integer<A>("cols", &A::cols).withLabel("Vector columns").withUnit("units").withRange(1, 4096).isRequired()
               .withDoc("columns of vector units per array").withSource("DUET 3.3, Fig. 5b"),
           countField<A>(perChiplet, "Vector-unit arrays"), sramField<A>("Vector"), sramBandwidthField<A>("Vector"),
           params::integer<A>("buffered_inputs", &A::bufferedInputs).withLabel("Buffered inputs").withUnit("vectors")
               .withRange(1, 1024).withDoc("input vectors a unit's local buffer keeps while a weight column streams past")
               .withSource("DUET 3.3 names two input registers (assumption: 2)")}};
}

template <class A>
void readBlock(const params::ParamReader& r, const char* key, const params::ParamTable<A>& table, Hertz frequency,
               std::optional<A>& out) {
  if (!r.has(key)) return;
  const auto c = r.child(key);
  c->allowOnly(params::keysWith(table, {"note"}));
  A a;
  a.frequency = frequency;
  params::readFields(table, *c, a);
  out = a;
}
} // namespace

const params::ParamTable<SystolicArraySpec>& systolicFields(bool perChiplet) {
  static const auto device = makeSystolic(false), chiplet = makeSystolic(true);
  return perChiplet ? chiplet : device;
}

const params::ParamTable<VectorArraySpec>& vectorFields(bool perChiplet) {
  static const auto device = makeVector(false), chiplet = makeVector(true);
  return perChiplet ? chiplet : device;
}

Hertz arrayFrequency(const std::optional<SystolicArraySpec>& s, const std::optional<VectorArraySpec>& v) {
  return s ? s->frequency : v ? v->frequency : units::megahertz(700);
}

void readArrayBlocks(const params::ParamReader& r, bool perChiplet, std::optional<SystolicArraySpec>& systolic,
                     std::optional<VectorArraySpec>& vector) {
  static const auto frequencyField = arrayFrequencyField<ArrayComputeSpec>();
  const params::FieldValue mhz = r.has("frequency_MHz") ? r.value(frequencyField) : frequencyField.defaultValue;
  const Hertz frequency = units::megahertz(params::numberOf(mhz, "frequency_MHz"));
  readBlock(r, "systolic", systolicFields(perChiplet), frequency, systolic);
  readBlock(r, "vector", vectorFields(perChiplet), frequency, vector);
}

void writeArrayBlocks(params::ParamWriter& w, bool perChiplet, const std::optional<SystolicArraySpec>& systolic,
                      const std::optional<VectorArraySpec>& vector) {
  if (systolic) params::writeFields(systolicFields(perChiplet), *systolic, *w.child("systolic"));
  if (vector) params::writeFields(vectorFields(perChiplet), *vector, *w.child("vector"));
}

} // namespace llmwb
