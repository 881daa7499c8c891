// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compute/snake/snake_kind.h"

#include "core/compute/nmp/nmp_fields.h"
#include "core/compute/nmp/nmp_kind.h"
#include "core/compute/nmp/nmp_unit.h"

namespace llmwb {

std::vector<ArrayShape> snakeShapes(const SnakeComputeSpec& s) {
  std::vector<ArrayShape> shapes;
  const int pes = s.arrayRows * s.arrayCols;
  for (int r = s.granularity; r > 0 && r <= pes; r *= 2) {
    if (pes % r) break;
    const int c = pes / r;
    if (r > c) break;
    shapes.push_back({r, c});
  }
  if (shapes.empty()) shapes.push_back({s.arrayRows, s.arrayCols});
  return shapes;
}

namespace {
using S = SnakeComputeSpec;

params::ParamTable<S> snakeTable() {
  const std::string paper = "Snake (arXiv 2604.04253)";
  nmp::FieldSources src{paper + " §4.1: 16 PUs, one per HBM channel, 4 cores per PU", paper + " §6.1.2: 800 MHz",
                        paper + " §4.1, §6.1.3: 64 x 64 FP16 PEs per core",
                        paper + " §6.2 peak power 63.0 W = matrix 39.22 + vector 14.47 + PE control 4.47 + NoC 4.84",
                        paper + " §6.2: 2.35 mm² per PU"};
  auto fields = nmp::dieFields<S>(src, "physical PE rows per core", "physical PE columns per core");
  fields.push_back(params::integer<S, int>("granularity", &S::granularity).withLabel("Granularity").withRange(1, 4096)
                       .withDoc("smallest logical row count; shapes double it up to the square (8: 8x512, 16x256, 32x128, 64x64)")
                       .withSource(paper + " §4.2.1: minimum reconfiguration granularity 8"));
  return {"Snake logic die", std::move(fields)};
}

class SnakeKind final : public nmp::NmpKind<S> {
public:
  SnakeKind() : NmpKind("Snake NMP logic die (reconfigurable systolic arrays)", "snake", snakeTable()) {}

protected:
  std::unique_ptr<ComputeUnit> make(const S& s) const override {
    auto die = nmp::die(NmpSubstrate::Reconfigurable, s);
    die.shapes = snakeShapes(s);
    die.weightPorts = std::max(1, s.arrayRows / std::max(1, s.granularity));
    return std::make_unique<NmpDieUnit>(std::move(die));
  }
  void checkParams(const S& s) const override {
    if (s.granularity > s.arrayRows)
      throw params::FieldError("granularity", "granularity " + std::to_string(s.granularity) +
                                                  " exceeds array_rows " + std::to_string(s.arrayRows));
  }
};
} // namespace

std::unique_ptr<ComputeKind> makeSnakeKind() { return std::make_unique<SnakeKind>(); }

} // namespace llmwb
