// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/device/device_fields.h"

#include "core/compute/arrays/array_fields.h"
#include "core/package/package_fields.h"
#include "core/quant/quantisation_fields.h"

namespace llmwb {

namespace {
params::ParamTable<Strategy> makeStrategy() {
  using S = Strategy;
  const std::string source = "MemExplorer Table 2";
  return {"strategy",
          {params::choice<S>("storage_priority", &S::storage, kStoragePriorityNames)
               .withLabel("Storage priority").withDoc("what the on-chip memory keeps first").withSource(source),
           params::choice<S>("dataflow", &S::dataflow, kDataflowNames)
               .withLabel("Dataflow").withDoc("weight-, input- or output-stationary tiling").withSource(source),
           params::choice<S>("bandwidth_priority", &S::bandwidth, kBandwidthPriorityNames)
               .withLabel("Bandwidth priority")
               .withDoc("off-chip bandwidth split: matrix 75% / vector 25%, the reverse, equal, or shared (every stream the whole)")
               .withSource("MemExplorer 4.2")}};
}

params::ParamTable<DmaSpec> makeDma() {
  using S = DmaSpec;
  auto stream = [](const char* key, double S::*member, const char* label, const char* what) {
    return params::fraction<S>(key, member).withLabel(label).withRange(1e-4, 1)
        .withDoc(std::string("sustained share of off-chip peak bandwidth for ") + what)
        .withSource("PLENA's measured DMA (H_PREFETCH_M, H_PREFETCH_V, H_STORE_V)");
  };
  return {"dma",
          {stream("matrix_read_fraction", &S::matrixRead, "DMA matrix reads", "weight and KV-cache tiles"),
           stream("vector_read_fraction", &S::vectorRead, "DMA vector reads", "activation rows"),
           stream("write_fraction", &S::write, "DMA writes", "write-back")}};
}

params::ParamTable<PowerSpec> makePower() {
  using S = PowerSpec;
  return {"power",
          {params::fraction<S>("static_fraction", &S::staticFraction).withLabel("Static power share")
               .withDoc("part of the compute peak power drawn whatever the load (leakage, clock tree, control)")
               .withSource("assumption"),
           params::optionalQuantity<S>("tdp_W", &S::datasheetTdp, &units::watts, &units::inWatts).withLabel("Datasheet TDP")
               .withUnit("W").withRange(1e-3, 1e5)
               .withDoc("GPUs: the datasheet TDP; the compute share is TDP minus the memory's peak power")
               .withSource("the GPU's datasheet")}};
}

template <class Block> void addBlock(params::ParamTable<DeviceSpec>& to, const params::ParamTable<Block>& block, Block DeviceSpec::*member) {
  to.append(params::lift<DeviceSpec, Block>(
      block, block.name() + ".", [member](DeviceSpec& d) { return &(d.*member); }, [](const DeviceSpec&) { return std::string(); }));
}

/// A block of the device's package (absent without one), keys prefixed with `prefix`.
template <class Block>
void addPackageBlock(params::ParamTable<DeviceSpec>& to, const params::ParamTable<Block>& block, const std::string& prefix,
                     std::function<Block*(PackageSpec&)> at, const std::string& absent) {
  to.append(params::lift<DeviceSpec, Block>(
      block, prefix, [at](DeviceSpec& d) { return d.package ? at(*d.package) : nullptr; },
      [absent](const DeviceSpec& d) {
        return d.package ? absent : "needs a chiplet-package device; \"" + d.id + "\" has none";
      }));
}
} // namespace

const params::ParamTable<Strategy>& strategyFields() {
  static const auto table = makeStrategy();
  return table;
}

const params::ParamTable<DmaSpec>& dmaFields() {
  static const auto table = makeDma();
  return table;
}

const params::ParamTable<PowerSpec>& powerFields() {
  static const auto table = makePower();
  return table;
}

const params::ParamTable<DeviceSpec>& deviceFields() {
  static const auto table = [] {
    params::ParamTable<DeviceSpec> t("device", {}, false);
    addBlock(t, quantisationFields(), &DeviceSpec::quantisation);
    addBlock(t, strategyFields(), &DeviceSpec::strategy);
    addBlock(t, dmaFields(), &DeviceSpec::dma);
    addBlock(t, powerFields(), &DeviceSpec::power);
    addPackageBlock<PackageSpec>(t, packageFields(), "package.", [](PackageSpec& p) { return &p; }, "");
    addPackageBlock<ComputeChipletSpec>(t, computeChipletFields(), "package.compute_chiplet.",
                                        [](PackageSpec& p) { return &p.computeChiplet; }, "");
    addPackageBlock<SystolicArraySpec>(
        t, systolicFields(true), "package.systolic.",
        [](PackageSpec& p) { return p.computeChiplet.systolic ? &*p.computeChiplet.systolic : nullptr; },
        "the package's compute chiplet has no systolic arrays");
    addPackageBlock<VectorArraySpec>(
        t, vectorFields(true), "package.vector.",
        [](PackageSpec& p) { return p.computeChiplet.vector ? &*p.computeChiplet.vector : nullptr; },
        "the package's compute chiplet has no vector-unit arrays");
    return t;
  }();
  return table;
}

} // namespace llmwb
