// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/arrays/arrays_kind.h"

#include "core/compute/arrays/array_compute.h"
#include "core/compute/arrays/array_fields.h"
#include "core/compute/arrays/array_power.h"

namespace llmwb {

namespace {
using S = ArrayComputeSpec;

params::ParamTable<S> arraysTable() {
  params::ParamTable<S> table("DUET arrays", {arrayFrequencyField<S>()});
  table.append(params::lift<S, SystolicArraySpec>(
      systolicFields(false), "systolic.", [](S& a) { return a.systolic ? &*a.systolic : nullptr; },
      [](const S&) { return std::string("the compute has no systolic arrays"); }));
  table.append(params::lift<S, VectorArraySpec>(
      vectorFields(false), "vector.", [](S& a) { return a.vector ? &*a.vector : nullptr; },
      [](const S&) { return std::string("the compute has no vector-unit arrays"); }));
  return table;
}

class ArraysKind final : public ComputeKindOf<S> {
public:
  ArraysKind() : ComputeKindOf("DUET arrays", "memexplorer", arraysTable()) {}

  std::string reference() const override {
    return "### compute `\"type\": \"arrays\"` — " + title() + "\n\n" +
           params::markdownTable({*table().find("frequency_MHz")}) + "\n`systolic` (optional):\n\n" +
           params::markdownTable(params::infos(systolicFields(false))) + "\n`vector` (optional; at least one of the two):\n\n" +
           params::markdownTable(params::infos(vectorFields(false)));
  }

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override { return std::make_unique<ArrayCompute>(s); }
  std::optional<Watts> power(const S& s) const override { return arrayPeakComputePower(s); }

  void readInto(const params::ParamReader& r, S& a) const override {
    r.allowOnly({"type", "systolic", "vector", "frequency_MHz", "note"});
    readArrayBlocks(r, false, a.systolic, a.vector);
    if (!a.systolic && !a.vector) r.failHere("an \"arrays\" compute block needs \"systolic\", \"vector\" or both");
  }

  void writeFrom(const S& a, params::ParamWriter& w) const override {
    params::writeFields(table(), a, w, {"frequency_MHz"});
    writeArrayBlocks(w, false, a.systolic, a.vector);
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeArraysKind() { return std::make_unique<ArraysKind>(); }

} // namespace llmwb
