// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/package/package_fields.h"

#include "core/compute/arrays/array_fields.h"
#include "core/memory/memory_technology_fields.h"

namespace llmwb {

const params::ParamTable<PackageSpec>& packageFields() {
  using S = PackageSpec;
  static const params::ParamTable<S> table(
      "package",
      {params::text<S>("name", &S::name).withLabel("Package name").withDoc("shown in the composer (default \"package\")"),
       params::integer<S>("compute_chiplets", &S::computeChiplets).withLabel("Compute chiplets").withRange(1, 4096).isRequired()
           .withDoc("compute chiplets in the package").withSource("DUET 4.3"),
       params::quantity<S>("chiplet_area_cap_mm2", &S::chipletAreaCap, &units::squareMillimeters, &units::inSquareMillimeters)
           .withLabel("Chiplet area cap").withUnit("mm²").withRange(0.01, 1e5).withDoc("area limit per compute chiplet")
           .withSource("DUET 4.3: 121 mm²"),
       params::quantity<S>("interposer_limit_mm2", &S::interposerLimit, &units::squareMillimeters, &units::inSquareMillimeters)
           .withLabel("Interposer limit").withUnit("mm²").withRange(0.01, 1e6).withDoc("interposer area limit")
           .withSource("DUET 4.3: 2700-3000 mm²"),
       params::real<S>("interposer_spacing", &S::interposerSpacing).withLabel("Interposer spacing").withRange(0, 10)
           .withDoc("keep-out and routing between parts, as a share of their area").withSource("assumption")});
  return table;
}

const params::ParamTable<ComputeChipletSpec>& computeChipletFields() {
  using S = ComputeChipletSpec;
  static const params::ParamTable<S> table(
      "compute_chiplet",
      {params::text<S>("name", &S::name).withLabel("Chiplet name").withDoc("shown in the composer"),
       arrayFrequencyField<S>(),
       params::quantity<S>("d2d_bandwidth_GBps", &S::d2dBandwidth, &units::gigabytesPerSecond, &units::inGigabytesPerSecond)
           .withLabel("D2D bandwidth").withUnit("GB/s").withRange(1e-3, 1e6)
           .withDoc("network-on-interposer bandwidth per compute chiplet").withSource("DUET 4.3"),
       params::integer<S>("d2d_phys", &S::d2dPhys).withLabel("D2D PHYs").withRange(1, 1024)
           .withDoc("D2D PHYs per chiplet (default: the fewest 25 GB/s GRS PHYs that carry the bandwidth)")
           .withSource("DUET 4.5")
           .onlyWhen([](const S& c) { return c.d2dPhys > 0; })});
  return table;
}

const params::ParamTable<MemoryPhyChipletSpec>& memoryPhyFields() {
  using S = MemoryPhyChipletSpec;
  static const params::ParamTable<S> table(
      "memory_phy_chiplets",
      {params::integer<S>("count", &S::count).withLabel("Memory-PHY chiplets").withRange(0, 1024)
           .withDoc("chiplets that drive off-package memory from the interposer's edge"),
       params::quantity<S>("area_mm2", &S::area, &units::squareMillimeters, &units::inSquareMillimeters).withLabel("PHY chiplet area")
           .withUnit("mm²").withRange(1e-3, 1e4).isRequired().withDoc("area of one memory-PHY chiplet"),
       params::integer<S>("devices_per_chiplet", &S::devicesPerChiplet).withLabel("Devices / PHY chiplet").withRange(1, 64)
           .withDoc("off-package memory devices each chiplet drives")});
  return table;
}

const params::ParamTable<AreaModelSpec>& areaModelFields() {
  using S = AreaModelSpec;
  auto scale = [](const char* key, double S::*member, const char* label, const char* node) {
    return params::real<S>(key, member).withLabel(label).withRange(1e-4, 100).isRequired()
        .withDoc(std::string("area scale from ") + node + " to 7 nm").withSource("DUET 4.5");
  };
  static const params::ParamTable<S> table(
      "area_model",
      {scale("scale_28nm_to_7nm", &S::scale28nm, "Scale 28 → 7 nm", "28 nm (the arrays' synthesis)"),
       scale("scale_32nm_to_7nm", &S::scale32nm, "Scale 32 → 7 nm", "32 nm (CACTI SRAM)"),
       scale("scale_16nm_to_7nm", &S::scale16nm, "Scale 16 → 7 nm", "16 nm (D2D PHY)"),
       params::quantity<S>("bumps_per_phy_mm2", &S::bumpsPerPhy, &units::squareMillimeters, &units::inSquareMillimeters)
           .withLabel("Bumps per PHY").withUnit("mm²").withRange(0, 1000).withDoc("advanced-package microbumps per D2D PHY"),
       params::real<S>("overhead", &S::overhead).withLabel("Area overhead").withRange(0, 10)
           .withDoc("additional area for controllers, routing, ...").withSource("DUET 4.5: 40%")});
  return table;
}

const params::ParamTable<PackageMemory>& packageMemoryFields() {
  using S = PackageMemory;
  static const params::ParamTable<S> table = [] {
    params::Field<S> placement;
    placement.key = "placement";
    placement.type = params::FieldType::Choice;
    placement.choices = {"in_package", "off_package"};
    placement.label = "Placement";
    placement.doc = "on the interposer (HBM) or off the package, driven by memory-PHY chiplets (GDDR)";
    placement.source = "DUET 3.1";
    placement.get = [](const S& m) { return params::FieldValue(std::string(m.inPackage ? "in_package" : "off_package")); };
    placement.set = [](S& m, const params::FieldValue& v) { m.inPackage = params::textOf(v, "placement") == "in_package"; };
    auto count = params::lift<S, MemoryPart>(memoryPartFields(), "", [](S& m) { return &m.part; },
                                             [](const S&) { return std::string(); });
    params::ParamTable<S> t(
        "package memory",
        {std::move(placement),
         params::quantity<S>("footprint_mm2", &S::footprint, &units::squareMillimeters, &units::inSquareMillimeters)
             .withLabel("Footprint").withUnit("mm²").withRange(1e-3, 1e5)
             .withDoc("interposer area of one part (required in package)").withSource("DUET 4.3")
             .onlyWhen([](const S& m) { return m.inPackage; })});
    t.append(count);
    return t;
  }();
  return table;
}

const params::ParamTable<FloorplanItem>& floorplanItemFields() {
  using S = FloorplanItem;
  using K = FloorplanItem::Kind;
  static const std::vector<std::pair<K, std::string>> kinds = {
      {K::Compute, "compute"}, {K::MemoryPhy, "memory_phy"}, {K::Hbm, "hbm"}, {K::Gddr, "gddr"}};
  auto text = [](K k) {
    for (const auto& [kind, name] : kinds)
      if (kind == k) return name;
    return std::string("compute");
  };
  auto parse = [](const std::string& name) -> std::optional<K> {
    for (const auto& [kind, n] : kinds)
      if (n == name) return kind;
    return std::nullopt;
  };
  static const params::ParamTable<S> table(
      "floorplan item",
      {params::choice<S>("kind", &S::kind, {"compute", "memory_phy", "hbm", "gddr"}, text, parse).withLabel("Kind")
           .withDoc("what sits in the cell").isRequired(),
       params::integer<S>("row", &S::row).withLabel("Row").withRange(0, 1e4).isRequired().withDoc("grid row in the composer"),
       params::integer<S>("column", &S::column).withLabel("Column").withRange(0, 1e4).isRequired()
           .withDoc("grid column in the composer")});
  return table;
}

} // namespace llmwb
