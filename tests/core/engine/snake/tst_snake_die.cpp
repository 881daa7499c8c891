// SPDX-License-Identifier: GPL-3.0-or-later
// Snake §6.2 and §5 (spec S-P1, S-A1, S-R2, B.10): peak logic-die power and its split, PU area,
// compute-area efficiency, the single-core dataflow rule and the Llama QKV worked example.
#include "core/compute/compute_kind.h"
#include "core/compute/nmp/nmp_unit.h"
#include "core/engine/snake/snake_schedule.h"
#include "tests/core/engine/snake/snake_support.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
DeviceSpec device(const std::string& id) { return test::presets().device(id); }

const NmpDie& dieOf(const std::unique_ptr<ComputeUnit>& unit) { return dynamic_cast<const NmpDieUnit&>(*unit).die(); }
} // namespace

TEST(SnakeDie, PeakPowerIs63WattsWithThePaperSplit) {
  const auto d = device("snake/snake");
  const auto unit = d.compute.kind().makeUnit(d.compute);
  const auto& s = dieOf(unit).spec;
  const double peak = d.compute.kind().peakPower(d.compute)->value();
  std::printf("peak %.2f W (paper 63.0): matrix %.2f (39.22), vector %.2f (14.47), PE control %.2f (4.47), NoC %.2f (4.84)\n",
              peak, s.matrixPeakW, s.vectorPeakW, s.controlPeakW, s.nocPeakW);
  EXPECT_NEAR(peak, 63.0, 63.0 * 0.02);
  EXPECT_DOUBLE_EQ(s.matrixPeakW, 39.22);
  EXPECT_DOUBLE_EQ(s.vectorPeakW, 14.47);
  EXPECT_DOUBLE_EQ(s.controlPeakW, 4.47);
  EXPECT_DOUBLE_EQ(s.nocPeakW, 4.84);
  // A peak-activity GEMM (every array busy, vector cores busy as long): energy / time = matrix + control + vector.
  const auto& die = dieOf(unit);
  snake::GemmProblem p{.m = 64, .k = 65536, .n = 65536, .instances = 1, .weightBytes = 2, .activationBytes = 2, .vectorOps = 0};
  const auto plan = snake::planGemm(die, units::terabytesPerSecond(1e6), p); // bandwidth never binds
  const auto e = snake::planEnergy(die, p, plan);
  std::printf("peak-activity GEMM: utilisation %.3f, matrix power %.2f W\n", plan.utilisation, e.matrix.value() / plan.time.value());
  EXPECT_GT(plan.utilisation, 0.95);
  EXPECT_NEAR(e.matrix.value() / plan.time.value(), 39.22, 39.22 * 0.05);
}

TEST(SnakeDie, AreaAndComputeAreaEfficiency) {
  const auto snake = device("snake/snake"), sa = device("snake/sa-48x48"), sa8 = device("snake/sa-8x288"),
             tree = device("snake/mac-tree");
  for (const auto* d : {&snake, &sa, &sa8, &tree}) {
    const double area = d->compute.kind().area(d->compute)->value();
    std::printf("%-45s logic die %.1f mm2 (16 x 2.35 = 37.6)\n", d->name.c_str(), area);
    EXPECT_NEAR(area, 16 * 2.35, 1e-9);
  }
  auto macsPerPu = [](const DeviceSpec& d) {
    const auto unit = d.compute.kind().makeUnit(d.compute);
    return dieOf(unit).macsPerCore() * dieOf(unit).spec.coresPerPu;
  };
  const double base = macsPerPu(tree);
  std::printf("compute-area efficiency MAC tree : fixed : Snake = 1 : %.2f : %.2f (paper 1 : 2.25 : 4.00)\n", macsPerPu(sa) / base,
              macsPerPu(snake) / base);
  EXPECT_DOUBLE_EQ(macsPerPu(sa) / base, 2.25);
  EXPECT_DOUBLE_EQ(macsPerPu(sa8) / base, 2.25);
  EXPECT_DOUBLE_EQ(macsPerPu(snake) / base, 4.00);
}

TEST(SnakeDie, SnakeShapesAreTheFourLogicalArrays) {
  const auto d = device("snake/snake");
  const auto unit = d.compute.kind().makeUnit(d.compute);
  const auto& shapes = dieOf(unit).shapes;
  ASSERT_EQ(shapes.size(), 4u);
  EXPECT_EQ(shapes[0].rows, 8);
  EXPECT_EQ(shapes[0].cols, 512);
  EXPECT_EQ(shapes[3].rows, 64);
  EXPECT_EQ(shapes[3].cols, 64);
}

TEST(SnakeDie, SingleCoreRulePrefersIsWhenNExceedsK) {
  // S-R2: N > K -> IS (N temporal), K >= N -> OS (K temporal), one core, one 8x512 shape.
  const ArrayShape s{8, 512};
  const auto isWide = systolicCycles(CoreDataflow::InputStationary, s, 8, 512, 4096, 1, false).cycles;
  const auto osWide = systolicCycles(CoreDataflow::OutputStationary, s, 8, 512, 4096, 1, false).cycles;
  EXPECT_LT(isWide, osWide);
  const auto isDeep = systolicCycles(CoreDataflow::InputStationary, s, 8, 4096, 512, 1, false).cycles;
  const auto osDeep = systolicCycles(CoreDataflow::OutputStationary, s, 8, 4096, 512, 1, false).cycles;
  EXPECT_LT(osDeep, isDeep);
}

TEST(SnakeDie, LlamaQkvMultiPuSearchDoesNotFollowTheSingleCoreRule) {
  // B.10: Llama-3.3-70B QKV per device at TP = 8 is B x 8192 . 8192 x 1280 (K >= N: the single-core
  // rule says OS), yet the multi-PU search splits K across PUs (an IS mode), OS-S leaving each PU
  // only 80 of the 512 columns.
  const auto d = device("snake/snake");
  const auto unit = d.compute.kind().makeUnit(d.compute);
  snake::GemmProblem p{.m = 8, .k = 8192, .n = 1280, .instances = 1, .weightBytes = 2, .activationBytes = 2, .vectorOps = 0};
  const auto best = snake::planGemm(dieOf(unit), d.memory.peakBandwidth(), p);
  const auto osS = snake::planGemm(dieOf(unit), d.memory.peakBandwidth(), p, snake::Mode::OsS);
  std::printf("Llama QKV B=8: chosen %s %dx%d %.2f us; OS-S %.2f us (paper's worked example: IS-S)\n",
              std::string(snake::toString(best.mode)).c_str(), best.shape.rows, best.shape.cols, best.time.value() * 1e6,
              osS.time.value() * 1e6);
  EXPECT_TRUE(best.mode == snake::Mode::IsS || best.mode == snake::Mode::IsSt);
  EXPECT_LT(best.time.value(), osS.time.value());
}

TEST(SnakeDie, BufferTrafficFollowsEachSubstratesReuse) {
  // Llama-3.3-70B's gate/up projection per device at TP 8, batch 64: B x 8192 . 8192 x 7168.
  snake::GemmProblem p{.m = 64, .k = 8192, .n = 7168, .instances = 1, .weightBytes = 2, .activationBytes = 2, .vectorOps = 0};
  const double weights = p.k * p.n * p.weightBytes;
  auto plan = [&](const char* id) {
    const auto d = device(id);
    const auto unit = d.compute.kind().makeUnit(d.compute);
    return snake::planGemm(dieOf(unit), d.memory.peakBandwidth(), p);
  };
  // Every byte the channels deliver is written into the buffers once.
  for (const char* id : {"snake/snake", "snake/sa-48x48", "snake/mac-tree"}) {
    const auto q = plan(id);
    EXPECT_DOUBLE_EQ(q.bufferWritten().value(), q.dramBytes.value()) << id;
    EXPECT_GE(q.bufferRead.value(), weights) << id; // every weight reaches the compute at least once
  }
  // The MAC tree's M partition streams a weight replica per PU group (8 groups of 8 rows): eight
  // times the weights written, and read once per group (weight registers hold them over the rows).
  const auto tree = plan("snake/mac-tree");
  std::printf("buffer traffic / weights at B=64: MAC tree written %.2f read %.2f; Snake written %.2f read %.2f; 48x48 read %.2f\n",
              tree.bufferWritten().value() / weights, tree.bufferRead.value() / weights, plan("snake/snake").bufferWritten().value() / weights,
              plan("snake/snake").bufferRead.value() / weights, plan("snake/sa-48x48").bufferRead.value() / weights);
  EXPECT_NEAR(tree.bufferWritten().value() / weights, 8.0, 0.1);
  EXPECT_GT(tree.bufferRead.value() / weights, 8.0);
  // A systolic array reads its weights once per M fold (a 48-row array twice for 64 rows) and, under
  // OS, each core reads its rows of A (64 x its K share) once per fold along its N share: Snake's
  // OS-S on 64x64 (one M fold; N / 16 columns per PU, K or N split over the 4 cores).
  const auto sa = plan("snake/sa-48x48");
  EXPECT_GE(sa.bufferRead.value(), 2 * weights);
  const auto s = plan("snake/snake");
  std::printf("Snake's plan: %s on %dx%d, %s split over the cores\n", std::string(snake::toString(s.mode)).c_str(), s.shape.rows,
              s.shape.cols, s.splitK ? "K" : "N");
  ASSERT_EQ(s.mode, snake::Mode::OsS);
  ASSERT_EQ(s.shape.rows, 64);
  const double kc = s.splitK ? p.k / 4 : p.k, nc = s.splitK ? p.n / 16 : p.n / 64;
  const double inputs = 64 * (p.m * kc * p.activationBytes * std::ceil(nc / 64));
  EXPECT_NEAR(s.bufferRead.value(), weights + inputs, 1e-6 * weights);
  EXPECT_LT(s.bufferRead.value(), sa.bufferRead.value());
}

TEST(SnakeDie, PlansAreRememberedPerDieAndNeverLent) {
  // planGemm keeps the plans it searched (per thread, by die, bandwidth, problem and mode): asking
  // again returns the same plan; another die, bandwidth or forced mode gets its own.
  const auto d = device("snake/snake");
  const auto unit = d.compute.kind().makeUnit(d.compute);
  NmpDie die = dieOf(unit);
  snake::GemmProblem p{.m = 16, .k = 8192, .n = 1280, .instances = 1, .weightBytes = 2, .activationBytes = 2, .vectorOps = 0};
  const auto bandwidth = d.memory.peakBandwidth();
  const auto first = snake::planGemm(die, bandwidth, p);
  const auto again = snake::planGemm(die, bandwidth, p);
  EXPECT_EQ(again.time, first.time);
  EXPECT_EQ(again.mode, first.mode);
  NmpDie slower = die;
  slower.spec.frequencyMHz /= 2;
  EXPECT_GT(snake::planGemm(slower, bandwidth, p).computeTime, first.computeTime);
  EXPECT_GT(snake::planGemm(die, bandwidth * 0.5, p).memoryTime, first.memoryTime);
  EXPECT_EQ(snake::planGemm(die, bandwidth, p, snake::Mode::OsS).mode, snake::Mode::OsS);
  EXPECT_EQ(snake::planGemm(die, bandwidth, p).time, first.time); // the first die's plan is still its own
}
