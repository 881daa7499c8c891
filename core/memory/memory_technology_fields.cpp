// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memory/memory_technology_fields.h"

namespace llmwb {

const params::ParamTable<MemoryTechnology>& memoryTechnologyFields() {
  using S = MemoryTechnology;
  static const params::ParamTable<S> table(
      "memory_technology",
      {params::text<S>("name", &S::name).withLabel("Name").withDoc("display name (default: the preset id)"),
       params::text<S>("unit", &S::unitName).withLabel("Unit").withDoc("what one part is: die, stack, package, chip, layer"),
       params::choice<S>("placement", &S::placement, {"on_chip", "off_chip"},
                         [](MemoryPlacement p) { return p == MemoryPlacement::OnChip ? "on_chip" : "off_chip"; },
                         [](std::string_view t) -> std::optional<MemoryPlacement> {
                           if (t == "on_chip") return MemoryPlacement::OnChip;
                           if (t == "off_chip") return MemoryPlacement::OffChip;
                           return std::nullopt;
                         })
           .withLabel("Placement").isRequired().withDoc("on-chip parts use no shoreline"),
       params::quantity<S>("latency_ns", &S::latency, &units::nanoseconds, &units::inNanoseconds).withLabel("Latency")
           .withUnit("ns").withRange(1e-3, 1e9).isRequired().withDoc("fixed transfer latency λ of Eq. 3").withSource("MemExplorer Table 1"),
       params::quantity<S>("capacity_GiB", &S::capacity, &units::gibibytes, &units::inGibibytes).withLabel("Capacity")
           .withUnit("GiB").withRange(1e-6, 1e6).isRequired().withDoc("per part (DRAM densities are binary)")
           .withSource("MemExplorer Table 1"),
       params::quantity<S>("bandwidth_GBps", &S::bandwidth, &units::gigabytesPerSecond, &units::inGigabytesPerSecond)
           .withLabel("Bandwidth").withUnit("GB/s").withRange(1e-3, 1e7).isRequired().withDoc("per part, 1 GB/s = 1e9 B/s")
           .withSource("MemExplorer Table 1"),
       params::optionalQuantity<S>("shoreline_mm", &S::shoreline, &units::millimeters, &units::inMillimeters)
           .withLabel("PHY shoreline").withUnit("mm").withRange(1e-3, 1000)
           .withDoc("off-chip only (required there): die edge one part's PHY takes (Eq. 1)").withSource("MemExplorer Table 1"),
       params::quantity<S>("p_bg_mW_per_GiB", &S::backgroundPower, &units::milliwattsPerGibibyte, &units::inMilliwattsPerGibibyte)
           .withLabel("Background power").withUnit("mW/GiB").withRange(0, 1e6).isRequired()
           .withDoc("background power per capacity (Eq. 6)").withSource("MemExplorer Table 1"),
       params::quantity<S>("e_read_pJ_per_bit", &S::readEnergy, &units::picojoulesPerBit, &units::inPicojoulesPerBit)
           .withLabel("Read energy").withUnit("pJ/bit").withRange(0, 1e4).isRequired().withDoc("dynamic read energy (Eq. 6)")
           .withSource("MemExplorer Table 1"),
       params::quantity<S>("e_write_pJ_per_bit", &S::writeEnergy, &units::picojoulesPerBit, &units::inPicojoulesPerBit)
           .withLabel("Write energy").withUnit("pJ/bit").withRange(0, 1e4).isRequired().withDoc("dynamic write energy (Eq. 6)")
           .withSource("MemExplorer Table 1")});
  return table;
}

const params::ParamTable<MemoryPart>& memoryPartFields() {
  using S = MemoryPart;
  static const params::ParamTable<S> table(
      "memory part", {params::integer<S>("count", &S::count).withLabel("Count").withRange(1, 1e6)
                          .withDoc("parts of the technology at this level (dies, stacks, packages, chips or layers)")});
  return table;
}

} // namespace llmwb
