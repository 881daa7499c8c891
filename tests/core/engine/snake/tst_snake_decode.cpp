// SPDX-License-Identifier: GPL-3.0-or-later
// Snake §6.3, Fig. 12 (claims S-D1..S-D3 of the spec): decode speed-up and logic-die energy
// efficiency of Snake over the MAC tree, the fixed 48x48 and 8x288 arrays and H100, geometric means
// over the five models x batch 8-64 x context 1K-8K. Printed model beside paper.
#include "core/compute/compute_spec.h"
#include "core/compute/nmp/nmp_unit.h"
#include "core/device/resolved_device.h"
#include "core/engine/published_claim.h"
#include "core/io/project.h"
#include "core/model/operators.h"
#include "tests/core/engine/snake/snake_support.h"

#include <gtest/gtest.h>

#include <map>

using namespace llmwb;
using namespace llmwb::test::snake;

namespace {

struct Comparison {
  std::vector<double> speedup;
  std::vector<double> efficiency; ///< logic-die tokens/J ratio (Snake / baseline)
  std::vector<double> withLinks;  ///< speed-up with the TP all-reduces over NVLink
  double worst = 1e9;             ///< smallest speed-up over the grid
  std::string worstAt;
};

const std::map<std::string, Comparison>& comparisons() {
  static const auto result = [] {
    std::map<std::string, Comparison> out;
    const std::vector<std::string> baselines{"snake/mac-tree", "snake/sa-48x48", "snake/sa-8x288", "gpu/h100x8",
                                             "gpu/h100x8-duplex"};
    for (const auto& model : paperModels()) {
      const auto snake = decodeModel("snake/snake", model);
      std::vector<std::unique_ptr<DecodeGroup>> others;
      for (const auto& b : baselines) others.push_back(decodeModel(b, model));
      for (double batch : decodeBatches())
        for (double context : decodeContexts()) {
          const auto s = decodeStep(*snake->pm, batch, context);
          for (std::size_t i = 0; i < baselines.size(); ++i) {
            const auto o = decodeStep(*others[i]->pm, batch, context);
            auto& c = out[baselines[i]];
            const double speedup = o.seconds / s.seconds;
            c.speedup.push_back(speedup);
            c.efficiency.push_back(o.logicJoules / s.logicJoules);
            c.withLinks.push_back(o.withLinks / s.withLinks);
            if (speedup < c.worst) {
              c.worst = speedup;
              c.worstAt = model + " B=" + std::to_string(int(batch)) + " ctx=" + std::to_string(int(context));
            }
          }
        }
    }
    for (const auto& [name, c] : out)
      std::printf("  %-16s speed-up geomean %.2fx (min %.2fx at %s; with TP all-reduces %.2fx), EE geomean %.2fx\n",
                  name.c_str(), geomean(c.speedup), c.worst, c.worstAt.c_str(), geomean(c.withLinks), geomean(c.efficiency));
    return out;
  }();
  return result;
}

void expectWithin(const char* what, double model, double paper, double tolerance) {
  std::printf("%-34s model %6.2fx   paper %6.2fx   (tolerance +-%.0f%%)\n", what, model, paper, tolerance * 100);
  EXPECT_NEAR(model, paper, paper * tolerance) << what;
}

} // namespace

void report(const char* what, double model, double paper, double tolerance) {
  const bool within = std::abs(model - paper) <= paper * tolerance;
  std::printf("%-34s model %6.2fx   paper %6.2fx   (tolerance +-%.0f%%)%s\n", what, model, paper, tolerance * 100,
              within ? "" : "   OUTSIDE: gap explained in docs/snake.md");
}

// Within the spec's tolerance in this model: the speed-up over the MAC tree (Stratum-style M
// partition, m_split_pus) and the logic-die energy efficiency over it, the buffers' per-bit energy
// counted (the MAC tree writes a weight replica per PU group into its buffers).
TEST(SnakeDecode, SpeedUpOverMacTree) {
  const auto& c = comparisons();
  expectWithin("S-D1 speed-up vs MAC tree", geomean(c.at("snake/mac-tree").speedup), 2.90, 0.20);
  expectWithin("S-D1 logic-die EE vs MAC tree", geomean(c.at("snake/mac-tree").efficiency), 2.40, 0.25);
}

// S-D5: the energy-efficiency ranking the paper's ratios imply (Snake over 48x48 1.05x, 8x288 1.31x,
// MAC tree 2.40x, GPU 5.74x): 48x48 > 8x288 > MAC tree > GPU. The magnitudes are printed.
TEST(SnakeDecode, EnergyEfficiencyRanking) {
  const auto& c = comparisons();
  const double sa48 = geomean(c.at("snake/sa-48x48").efficiency), sa8 = geomean(c.at("snake/sa-8x288").efficiency),
               tree = geomean(c.at("snake/mac-tree").efficiency), gpu = geomean(c.at("gpu/h100x8").efficiency);
  report("S-D3 logic-die EE vs fixed 48x48", sa48, 1.05, 0.25);
  report("S-D3 logic-die EE vs fixed 8x288", sa8, 1.31, 0.25);
  report("S-D2 EE vs 8 x H100 (die + L2)", gpu, 5.74, 0.25);
  EXPECT_GT(sa48, 1.0);
  EXPECT_LT(sa48, sa8);
  EXPECT_LT(sa8, tree);
  EXPECT_LT(tree, gpu);
}

// Outside the tolerance (docs/snake.md): printed beside the paper; asserted is what holds: Snake
// is faster and more efficient on the geometric mean, by at least the margins below.
TEST(SnakeDecode, SpeedUpAndEfficiencyOverTheOtherBaselines) {
  const auto& c = comparisons();
  report("S-D3 speed-up vs fixed 48x48", geomean(c.at("snake/sa-48x48").speedup), 2.33, 0.20);
  report("S-D2 speed-up vs 8 x H100", geomean(c.at("gpu/h100x8").speedup), 11.47, 0.25);
  report("S-D2 the same, Duplex's H100", geomean(c.at("gpu/h100x8-duplex").speedup), 11.47, 0.25);
  // Inside since attention is split by heads under tensor parallelism (2.34x when the (sequence,
  // KV head) pairs were divided over the devices: DeepSeek-V2's latent attention ran on one PU).
  expectWithin("S-D3 speed-up vs fixed 8x288", geomean(c.at("snake/sa-8x288").speedup), 3.00, 0.20);
  // 48x48 misses from above: its 48 rows carry M <= 64 (docs/snake.md).
  EXPECT_GT(geomean(c.at("snake/sa-48x48").speedup), 2.33 * 1.2);
  EXPECT_GT(geomean(c.at("gpu/h100x8").speedup), 6.0);
}

// S-D1 ordering: Snake is faster than the MAC tree and the 48x48 array at every point of the
// grid. Against H100 it is not at the memory-bound corner (DeepSeek-V2, batch 8, 8K), nor against
// the 8x288 array at OPT-66B's smallest batch since the row-parallel projections split K: the
// share is asserted (docs/snake.md).
TEST(SnakeDecode, SnakeIsFasterEverywhere) {
  for (const auto& [name, c] : comparisons()) {
    int faster = 0;
    for (double s : c.speedup) faster += s > 1.0;
    std::printf("%-16s faster at %d of %zu points; slowest %.3fx at %s\n", name.c_str(), faster, c.speedup.size(), c.worst,
                c.worstAt.c_str());
    if (name == "gpu/h100x8" || name == "snake/sa-8x288")
      EXPECT_GE(double(faster) / double(c.speedup.size()), 0.95) << name;
    else
      EXPECT_GT(c.worst, 1.0) << name;
  }
}

// What the H100 comparison could reach: against a Snake at its roofline (each step's off-chip
// bytes at 24 TB/s or its MACs at the die's peak, whichever is longer) the H100 geomean is printed
// beside the model's. The model never beats its own roofline; the gap between the two is Snake's
// modelled overheads (array fill and skew, idle PUs, NoC), not a bound of the comparison.
TEST(SnakeDecode, NoPointBeatsTheDieRoofline) {
  std::vector<double> model, roofline;
  for (const auto& name : paperModels()) {
    const auto snake = decodeModel("snake/snake", name);
    const auto gpu = decodeModel("gpu/h100x8", name);
    const auto& die = snake->pm->device();
    const double devices = snake->pm->devices();
    const double bandwidth = die.memory.offChip.front().bandwidth().value();
    const double peakMacs = makeComputeUnit(deviceCompute(die))->peakMatrixFlops(16).value() / 2;
    for (double batch : decodeBatches())
      for (double context : decodeContexts()) {
        const auto p = decodeAt(batch, context);
        const auto s = snake->pm->step(p);
        double bytes = 0, macs = 0;
        for (const auto& l : s.levels)
          if (l.depth >= 1) bytes += (l.read + l.written).value();
        for (const auto& o : s.operators) macs += o.flops.value() / 2;
        const double bound = std::max(bytes / devices / bandwidth, macs / devices / peakMacs);
        const double seconds = (s.time - s.communication).value();
        EXPECT_GE(seconds, bound * (1 - 1e-9)) << name << " B=" << batch << " ctx=" << context;
        const double h100 = decodeStep(*gpu->pm, batch, context).seconds;
        model.push_back(h100 / seconds);
        roofline.push_back(h100 / bound);
      }
  }
  std::printf("8 x H100 over Snake: model %.2fx, over Snake at its roofline %.2fx (paper 11.47x)\n", geomean(model),
              geomean(roofline));
}


// The paper's H100 is not ours: Snake keeps "Duplex's internal GPU and NVLink models" (§6.1.3).
// In Duplex's public simulator (scale-snu's LLMSimulator, read in forks; docs/snake.md) the GPU
// is a roofline: each operator takes max(FLOPs / 989.4 TFLOPS, bytes / 3.352 TB/s), the operators
// run one after another, and a TP all-reduce is a ring of 2(N-1) hops of 0.3 us plus
// (bytes / N) / 450 GB/s; with Ramulator on, the bytes go through an HBM3 timing model instead of
// the peak. The system gpu/h100x8-duplex is that model (the roofline engine, Duplex's link): it
// agrees with Duplex's formulas written out here from the operators within 3 % (it keeps
// activations in the L2, which Duplex charges at HBM: 3 % at batch 64), it is faster than the
// calibrated H100 at every point, and even a Snake at its roofline (its all-reduces free, the
// GPU's paid) stays below the band's lower edge (8.60x). Printed: how far below peak Duplex's HBM
// would have to run for the band to open.
TEST(SnakeDecode, ThePapersOwnGpuModelAtPeakStaysBelowTheBand) {
  struct Point {
    std::vector<std::pair<double, double>> gpuOps; ///< per operator: compute, memory seconds at peak
    double allReduces = 0, snakeRoofline = 0, snakeModel = 0;
  };
  std::vector<Point> points;
  double worstAgreement = 0;
  for (const auto& name : paperModels()) {
    const auto snake = decodeModel("snake/snake", name);
    const auto duplex = decodeModel("gpu/h100x8-duplex", name);
    const auto calibrated = decodeModel("gpu/h100x8", name);
    const auto& die = snake->pm->device();
    const double snakeBandwidth = die.memory.offChip.front().bandwidth().value();
    const double snakeMacs = makeComputeUnit(deviceCompute(die))->peakMatrixFlops(16).value() / 2;
    const auto& h100 = duplex->pm->device();
    const double gpuBandwidth = h100.memory.offChip.front().bandwidth().value();
    const double gpuFlops = makeComputeUnit(deviceCompute(h100))->peakMatrixFlops(16).value();
    EXPECT_NEAR(gpuFlops, 989.4e12, 1e12);        // Duplex's H100: compute_peak_flops
    EXPECT_NEAR(gpuBandwidth, 3.352e12, 0.01e12); // and memory_bandwidth
    const double devices = duplex->pm->devices();
    for (double batch : decodeBatches())
      for (double context : decodeContexts()) {
        const auto p = decodeAt(batch, context);
        const auto step = duplex->pm->step(p);
        Point pt;
        double formula = 0; // Duplex's, from the operators: inputs, weights, outputs and cache at HBM
        for (const auto& o : step.operators) {
          const double moved = (o.weightBytes + o.activationBytes + o.cacheBytes).value();
          pt.gpuOps.emplace_back(o.flops.value() / gpuFlops / devices, moved / gpuBandwidth / devices);
          formula += std::max(pt.gpuOps.back().first, pt.gpuOps.back().second);
        }
        const double kernels = (step.time - step.communication).value();
        worstAgreement = std::max(worstAgreement, std::abs(kernels / formula - 1));
        EXPECT_NEAR(kernels, formula, 0.03 * formula) << name << " B=" << batch << " ctx=" << context;
        const double ringHops = 2 * (devices - 1);
        const double allReduceBytes = batch * duplex->model.hiddenSize * 2.0; // FP16 activations
        pt.allReduces = duplex->model.layerCount() * ringHops * (0.3e-6 + allReduceBytes / devices / 450e9);
        EXPECT_NEAR(step.communication.value(), pt.allReduces, 0.01 * pt.allReduces) << name << " B=" << batch;
        // A roofline at peak: never slower than the calibrated GPU, which reaches 1.2-2.7 TB/s here.
        EXPECT_LE(kernels, decodeStep(*calibrated->pm, batch, context).seconds) << name << " B=" << batch;
        const auto s = snake->pm->step(p);
        double bytes = 0, macs = 0; // the least any die must do: weights and cache once, every MAC
        for (const auto& o : s.operators) {
          bytes += (o.weightBytes + o.cacheBytes).value();
          macs += o.flops.value() / 2;
        }
        pt.snakeRoofline = std::max(bytes / devices / snakeBandwidth, macs / devices / snakeMacs);
        pt.snakeModel = (s.time - s.communication).value();
        points.push_back(std::move(pt));
      }
  }
  // Geomean of the Duplex-model GPU over Snake when its HBM sustains `fraction` of the peak.
  const auto ratio = [&](double fraction, bool roofline, bool withAllReduces) {
    std::vector<double> r;
    for (const auto& pt : points) {
      double gpu = withAllReduces ? pt.allReduces : 0.0;
      for (const auto& [compute, memory] : pt.gpuOps) gpu += std::max(compute, memory / fraction);
      r.push_back(gpu / (roofline ? pt.snakeRoofline : pt.snakeModel));
    }
    return geomean(r);
  };
  const auto fractionFor = [&](bool roofline, bool withAllReduces) { // where the ratio reaches 8.60x
    double lo = 0.05, hi = 1.0;
    for (int i = 0; i < 60; ++i) {
      const double mid = (lo + hi) / 2;
      (ratio(mid, roofline, withAllReduces) > 11.47 * 0.75 ? lo : hi) = mid;
    }
    return lo;
  };
  std::printf("gpu/h100x8-duplex against Duplex's formulas: within %.2f %% at every point\n", 100 * worstAgreement);
  std::printf("Duplex-model 8 x H100 (HBM at peak) over Snake: model %.2fx, over Snake at its roofline %.2fx, the GPU's "
              "all-reduces added %.2fx (paper 11.47x, band from 8.60x)\n",
              ratio(1, false, false), ratio(1, true, false), ratio(1, true, true));
  std::printf("  the band opens only if Duplex's HBM sustains at most %.0f %% of 3.352 TB/s against the model's Snake, "
              "%.0f %% against a Snake at its roofline, %.0f %% with the GPU's all-reduces added\n",
              100 * fractionFor(false, false), 100 * fractionFor(true, false), 100 * fractionFor(true, true));
  EXPECT_LT(ratio(1, true, true), 11.47 * 0.75);
}

// Can the paper's square-array and H100 claims hold together with the GPU model as calibrated?
// Their tolerance bands (48x48: 2.33x +-20 %, H100: 11.47x +-25 %) need the 48x48 die to decode at
// least 8.60 / 2.80 = 3.08x as fast as eight H100s on the geometric mean, whatever Snake does. A
// bound on what any 48x48 die could do: both dataflows the paper keeps put M on one of the array's
// sides (OS: M x N, IS: M x K spatial; WS is excluded, §3.1), so a product of m rows uses at most
// m / (48 ceil(m / 48)) of the 147,456 PEs, with no fill, no skew, no NoC, the other side always
// full and the vector cores adding their lanes; and it reads its weights and cache once at 24 TB/s.
// The model's 48x48 never beats that bound (asserted), and the bound leaves room for the paper
// (printed: 3.99x, against the 3.08x needed), so the pair is not excluded by the GPU model. Per
// model (geomean), the model's 48x48 is 1.2-1.6x above the bound on OPT-66B, Llama-3.3-70B and
// Mixtral-8x22B (eight large experts), 3.0x on DeepSeek-V2 and 5.2x on Qwen3-30B-A3B, whose small
// per-device expert GEMMs the conventional OS / N split spreads over 64 cores (docs/snake.md).
TEST(SnakeDecode, SquareArrayBoundLeavesRoomForThePaperPair) {
  std::vector<double> bound;
  for (const auto& name : paperModels()) {
    const auto gpu = decodeModel("gpu/h100x8", name);
    const auto sa = decodeModel("snake/sa-48x48", name);
    const auto& device = sa->pm->device();
    const auto unit = makeComputeUnit(deviceCompute(device));
    const auto& die = dynamic_cast<const NmpDieUnit&>(*unit).die();
    ASSERT_EQ(die.spec.arrayRows, die.spec.arrayCols);
    const double side = die.spec.arrayRows, devices = sa->pm->devices();
    const double arrayMacs = die.peakMacsPerSecond(), vectorMacs = die.spec.vectorLanes * die.spec.pus * die.frequencyHz();
    const double bandwidth = device.memory.offChip.front().bandwidth().value();
    EXPECT_NEAR(arrayMacs, 147456e9, 1); // 16 PUs x 4 cores x 2304 PEs at 1 GHz
    double modelOverBound = 0, points = 0;
    for (double batch : decodeBatches())
      for (double context : decodeContexts()) {
        double compute = 0, bytes = 0;
        for (const auto& op : buildOperators(sa->model, device.quantisation, {batch, 1, context, 1})) {
          for (const auto& g : op.gemms) {
            const double used = g.m / (side * std::ceil(g.m / side));
            compute += op.repeat * g.macs() / devices / (arrayMacs * used + vectorMacs);
          }
          bytes += op.repeat * (op.bytes(DataKind::Weight) + op.bytes(DataKind::Cache)).value() / devices;
        }
        const double lower = std::max(compute, bytes / bandwidth);
        const double model = decodeStep(*sa->pm, batch, context).seconds;
        EXPECT_GE(model, lower * (1 - 1e-9)) << name << " B=" << batch << " ctx=" << context;
        bound.push_back(decodeStep(*gpu->pm, batch, context).seconds / lower);
        modelOverBound += std::log(model / lower);
        ++points;
      }
    std::printf("  %-14s 48x48 model over its utilisation bound: %.2fx (geomean)\n", name.c_str(),
                std::exp(modelOverBound / points));
  }
  const double needed = (11.47 * 0.75) / (2.33 * 1.2);
  std::printf("8 x H100 time over the 48x48 bound: %.2fx (geomean); the paper's pair needs >= %.2fx\n", geomean(bound),
              needed);
  EXPECT_GT(geomean(bound), needed); // the pair is not ruled out: the gap is the model's, not the paper's
}

// The shipped Snake project (presets/projects/snake-decode.llmwb) is the paper's comparison: the
// design with H100 prefill, the three NMP baselines and eight H100s, each with the paper's decode
// speed-up as a published figure (the five-model averages above); in the project's one run (Llama,
// 8K in / 1K out, each system at its largest batch) Snake decodes faster than every one of them.
TEST(SnakeDecode, ShippedProjectComparesWhatThePaperCompares) {
  const auto& lib = test::presets();
  const auto project = readProject(LLMWB_TEST_PRESETS "/projects/snake-decode.llmwb", lib);
  EXPECT_EQ(project.system.preset, "snake/snake");
  const std::map<std::string, double> paper{
      {"snake/mac-tree", 2.90}, {"snake/sa-48x48", 2.33}, {"snake/sa-8x288", 3.00}, {"gpu/h100x8", 11.47},
      {"gpu/h100x8-duplex", 11.47}}; // the paper's own GPU model beside the calibrated one
  const auto c = compareProject(project, lib);
  ASSERT_TRUE(c.design.result.feasible);
  ASSERT_EQ(c.comparisons.size(), paper.size());
  ASSERT_EQ(c.published.size(), paper.size());
  for (const auto& claim : c.published) {
    ASSERT_TRUE(paper.count(claim.against)) << claim.against;
    EXPECT_EQ(claim.metric, ClaimMetric::DecodeThroughput);
    ASSERT_TRUE(claim.ratio);
    EXPECT_DOUBLE_EQ(*claim.ratio, paper.at(claim.against));
    const auto* row = c.against(claim);
    ASSERT_TRUE(row) << claim.against;
    const auto model = modelAdvantage(claim.metric, c.design.result, row->result);
    ASSERT_TRUE(model) << claim.against;
    std::printf("  project run: decode vs %-16s model %5.2fx   paper %5.2fx (five-model average)\n", claim.against.c_str(),
                *model, *claim.ratio);
    EXPECT_GT(*model, 1.0) << claim.against;
  }
}
