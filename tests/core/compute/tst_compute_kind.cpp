// SPDX-License-Identifier: GPL-3.0-or-later
// Compute kinds are descriptors registered once; a ComputeSpec holds any kind's parameters.
#include "core/compute/arrays/array_spec.h"
#include "core/compute/compute_kind.h"
#include "core/compute/gpu/gpu_spec.h"
#include "core/compute/plena/plena_spec.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
/// A kind that is not built in: one folder's worth of code.
struct ToyComputeSpec {
  static constexpr const char* kKind = "toy";
  int macs = 16;
};

class ToyUnit final : public ComputeUnit {
public:
  explicit ToyUnit(int macs) : mMacs(macs) {}
  std::string describe() const override { return "toy"; }
  FlopsPerSecond peakMatrixFlops(int) const override { return units::macsPerSecond(mMacs * 1e9); }
  FlopsPerSecond peakVectorOps() const override { return FlopsPerSecond(1e9); }
  GemmTiling tiling() const override { return {}; }
  Seconds gemmTime(const GemmShape&, int) const override { return Seconds(); }
  Seconds vectorTime(double) const override { return Seconds(); }
  Seconds scanTime(const ScanWork&) const override { return Seconds(); }

private:
  int mMacs;
};

class ToyKind final : public ComputeKindOf<ToyComputeSpec> {
public:
  ToyKind()
      : ComputeKindOf("toy engine", "memexplorer",
                      {"toy", {params::integer<ToyComputeSpec>("macs", &ToyComputeSpec::macs).withRange(1, 1024).withDoc("MACs")}}) {}

protected:
  std::unique_ptr<ComputeUnit> make(const ToyComputeSpec& s) const override { return std::make_unique<ToyUnit>(s.macs); }
  std::optional<Watts> power(const ToyComputeSpec& s) const override { return units::watts(s.macs); }
};
} // namespace

TEST(ComputeKind, BuiltinKindsAreRegisteredOnce) {
  const auto kinds = computeKinds().kinds();
  ASSERT_EQ(kinds.size(), 7u);
  EXPECT_EQ(kinds[0]->name(), "plena");
  EXPECT_EQ(kinds[1]->name(), "gpu");
  EXPECT_EQ(kinds[2]->name(), "arrays");
  EXPECT_EQ(kinds[3]->name(), "npusim");
  EXPECT_EQ(kinds[4]->name(), "snake");
  EXPECT_EQ(kinds[5]->name(), "fixed_array");
  EXPECT_EQ(kinds[6]->name(), "mac_tree");
  EXPECT_EQ(computeKinds().names(), "\"plena\", \"gpu\", \"arrays\", \"npusim\", \"snake\", \"fixed_array\" or \"mac_tree\"");
  EXPECT_THROW(computeKind("tpu"), std::invalid_argument);
}

TEST(ComputeKind, AFourthKindIsOneDescriptorAndOneRegistrationLine) {
  ComputeKindRegistry registry;
  registerBuiltinComputeKinds(registry);
  registry.add(std::make_unique<ToyKind>());
  const ComputeKind* toy = registry.find("toy");
  ASSERT_NE(toy, nullptr);
  EXPECT_EQ(registry.names(), "\"plena\", \"gpu\", \"arrays\", \"npusim\", \"snake\", \"fixed_array\", \"mac_tree\" or \"toy\"");
  ASSERT_NE(toy->fields().find("macs"), nullptr);
  EXPECT_NE(toy->reference().find("`macs`"), std::string::npos);
  EXPECT_THROW(registry.add(std::make_unique<ToyKind>()), std::logic_error);
}

TEST(ComputeSpec, HoldsAnyKindWithTypedAccess) {
  ComputeSpec spec = PlenaComputeSpec{1024, 64, 512, units::gigahertz(1)};
  EXPECT_EQ(spec.kindName(), "plena");
  EXPECT_EQ(spec.as<PlenaComputeSpec>().mlen, 1024);
  EXPECT_EQ(spec.getIf<GpuComputeSpec>(), nullptr);
  EXPECT_THROW(spec.as<GpuComputeSpec>(), std::invalid_argument);

  ComputeSpec copy = spec; // deep: editing the copy leaves the original
  copy.as<PlenaComputeSpec>().mlen = 4096;
  EXPECT_EQ(spec.as<PlenaComputeSpec>().mlen, 1024);

  spec = ArrayComputeSpec{SystolicArraySpec{}, std::nullopt};
  EXPECT_EQ(spec.kindName(), "arrays");
  EXPECT_EQ(defaultEngine(spec), "memexplorer");
  EXPECT_EQ(ComputeSpec().kindName(), "plena"); // the first registered kind
}

TEST(ComputeSpec, FieldsSetThroughTheKindsTable) {
  ComputeSpec spec = PlenaComputeSpec{};
  const auto& fields = spec.kind().fields();
  fields.find("frequency_MHz")->set(spec, 1500.0);
  EXPECT_EQ(spec.as<PlenaComputeSpec>().frequency.value(), units::megahertz(1500).value());
  fields.find("blen")->set(spec, 100.0);
  EXPECT_THROW(spec.kind().check(spec), params::FieldError); // 2048 % 100 != 0

  ComputeSpec gpu = GpuComputeSpec{};
  const auto& g = gpu.kind().fields();
  g.find("tensor_cores")->set(gpu, 640.0);
  g.find("frequency_MHz")->set(gpu, 1800.0);
  EXPECT_DOUBLE_EQ(gpu.as<GpuComputeSpec>().tensorPeak16.value(), 2.0 * 640 * 8 * 8 * 16 * 1.8e9);
  EXPECT_FALSE(g.find("tensor_fp16_TFLOPS")->present(gpu)); // the geometry sets it

  ComputeSpec arrays = ArrayComputeSpec{std::nullopt, VectorArraySpec{}};
  const auto& a = arrays.kind().fields();
  EXPECT_FALSE(a.find("systolic.rows")->present(arrays));
  EXPECT_THROW(a.find("systolic.rows")->set(arrays, 8.0), params::FieldError);
  a.find("vector.width")->set(arrays, 64.0);
  a.find("frequency_MHz")->set(arrays, 900.0);
  EXPECT_EQ(arrays.as<ArrayComputeSpec>().vector->width, 64);
  EXPECT_EQ(arrays.as<ArrayComputeSpec>().vector->frequency.value(), units::megahertz(900).value());
}

TEST(ComputeKind, PowerAndEngineComeFromTheKind) {
  const ComputeSpec plena = PlenaComputeSpec{};
  EXPECT_TRUE(plena.kind().peakPower(plena).has_value());
  EXPECT_GT(plena.kind().matrixPowerShare(plena), 0.9);
  const ComputeSpec gpu = GpuComputeSpec{};
  EXPECT_FALSE(gpu.kind().peakPower(gpu).has_value());
  EXPECT_TRUE(gpu.kind().needsDatasheetTdp());
  EXPECT_EQ(defaultEngine(gpu), "gpu");
}
