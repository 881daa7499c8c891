// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 11, step 1: where MemExplorer's model and ours part. Every row of the table (and
// Table 9's one-block check) under each modelling choice, applied cumulatively, model beside
// paper. docs/fidelity.md ("Modelling choices against every row") is this printout.
//   A  as shipped: tokens/J over average power, PLENA's DMA fractions of each level's peak;
//   B  tokens/J over TDP, the arithmetic of the paper's Table 5 (TPS / Power gives its Token/J);
//   C  B + PLENA's DMA at its measured absolute rates (100.7 / 20.9 / 9.9 GB/s, the emulator's
//      controller), not as fractions of the modelled memory's peak;
//   D  C + the GPUs in BF16: the paper ran vLLM 0.10 on the H100s, whose default for this checkpoint
//      is BF16 (weights, activations, KV cache); GPU modelling unchanged;
//   E  D + the GPUs decoding one request at a time (batch 1), if the trace was replayed request by
//      request; the NPUs keep their largest batch (seed 000 5.3).
//   F  E without C: the GPU protocol (BF16, batch 1) and the TDP basis with the shipped DMA
//      fractions, the regime nearest the headline (docs/fidelity.md, roofline bounds).
#include "core/compute/plena/plena_spec.h"
#include "core/engine/evaluate.h"
#include "core/io/preset_library.h"
#include "core/quant/number_format.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace llmwb;

namespace {

enum class Choice { Shipped, TdpBasis, AbsoluteDma, GpuBf16, GpuBatch1, GpuProtocolOnly };

struct Evaluated {
  EvaluationResult r;
  double tdp = 0; ///< W, every device of the system
};

/// The peak of the HBM2 (32 channels, Ramulator) on which PLENA measured the DMA fractions of
/// presets/devices/memexplorer/plena-npu.json: fraction x this = the measured rate (100.7 / 20.9 /
/// 9.9 GB/s for weight tiles, activation rows, write-back).
constexpr double kPlenaEmulatorHbmGBps = 512;

/// The paper's Table 6 power of P1 in prefill (W): average, and TDP.
constexpr double kPaperP1AverageW = 632.3, kPaperP1TdpW = 697.1;

Evaluated run(const PresetLibrary& lib, const ModelSpec& model, const std::string& system, const Workload& workload,
              Choice choice) {
  auto spec = lib.system(system);
  const bool gpu = system.rfind("gpu/", 0) == 0;
  if (gpu && choice >= Choice::GpuBf16)
    for (auto& g : spec.groups) g.device.quantisation.weights = g.device.quantisation.activations =
        g.device.quantisation.kvCache = numberFormat("BF16");
  EvaluationOptions options;
  if (gpu && choice >= Choice::GpuBatch1) options.decodeBatch = 1;
  if (choice >= Choice::AbsoluteDma && choice != Choice::GpuProtocolOnly)
    for (auto& g : spec.groups) {
      // PLENA devices only: the GPUs have no DMA model of this kind.
      if (!g.device.compute.getIf<PlenaComputeSpec>() || g.device.memory.offChip.empty()) continue;
      const double peak = units::inGigabytesPerSecond(g.device.memory.peakBandwidth());
      auto& dma = g.device.dma;
      for (double* f : {&dma.matrixRead, &dma.vectorRead, &dma.write}) *f = std::min(1.0, *f * kPlenaEmulatorHbmGBps / peak);
    }
  Evaluated e{evaluate(spec, model, workload, options), 0};
  for (const auto& d : e.r.devices) e.tdp += d.tdp.value() * d.count;
  return e;
}

double perJoule(const Evaluated& e, const PhaseResult& p, Choice c) {
  return c == Choice::Shipped ? p.tokensPerJoule : p.tokensPerSecond / e.tdp;
}
double perJoule(const Evaluated& e, Choice c) {
  return c == Choice::Shipped ? e.r.endToEnd.tokensPerJoule : e.r.endToEnd.tokensPerSecond / e.tdp;
}

} // namespace

TEST(MemExplorerChoices, EveryRowUnderEachChoice) {
  const PresetLibrary lib({LLMWB_TEST_PRESETS});
  const auto osworld = lib.workload("osworld");
  const auto model = lib.model("llama-3.3-70b");
  Workload block;
  block.id = "table9";
  block.inputTokens = 4096;
  block.outputTokens = 1;

  const std::vector<std::pair<Choice, const char*>> choices = {
      {Choice::Shipped, "A shipped"}, {Choice::TdpBasis, "B +TDP basis"}, {Choice::AbsoluteDma, "C +absolute DMA"},
      {Choice::GpuBf16, "D +GPU BF16"}, {Choice::GpuBatch1, "E +GPU batch 1"},
      {Choice::GpuProtocolOnly, "F = E without C"}};
  struct Row {
    std::string claim;
    double paper;
    std::vector<double> model;
  };
  std::vector<Row> rows;
  auto row = [&](const std::string& claim, double paper) -> Row& {
    for (auto& r : rows)
      if (r.claim == claim) return r;
    rows.push_back({claim, paper, {}});
    return rows.back();
  };

  for (const auto& [c, name] : choices) {
    std::map<std::string, Evaluated> e;
    for (const char* id : {"base", "p1", "p2", "d1", "d2", "h0", "h1", "h2", "h3", "s0", "s1", "s2", "s3", "s4"})
      e[id] = run(lib, model, std::string("memexplorer/") + id, osworld, c);
    e["h100x4"] = run(lib, model, "gpu/h100x4", osworld, c);
    const auto blockRun = run(lib, model, "memexplorer/base", block, c);

    const double basePrefill = e["base"].r.prefill.tokensPerSecond, baseDecode = e["base"].r.decode.tokensPerSecond;
    row("T6 prefill TPS vs Base: P1", 6.71).model.push_back(e["p1"].r.prefill.tokensPerSecond / basePrefill);
    row("T6 prefill TPS vs Base: P2", 4.93).model.push_back(e["p2"].r.prefill.tokensPerSecond / basePrefill);
    row("T6 decode TPS vs Base: D1", 1.44).model.push_back(e["d1"].r.decode.tokensPerSecond / baseDecode);
    row("T6 decode TPS vs Base: D2", 2.19).model.push_back(e["d2"].r.decode.tokensPerSecond / baseDecode);
    row("T6 average power, prefill Base (W)", 245.8).model.push_back(e["base"].r.prefill.averagePower.value());
    row("T6 average power, prefill P1 (W)", kPaperP1AverageW).model.push_back(e["p1"].r.prefill.averagePower.value());
    row("T6 average power, prefill P2 (W)", 531.7).model.push_back(e["p2"].r.prefill.averagePower.value());
    row("T5 end-to-end TPS, Base (tokens/s)", 1.48).model.push_back(e["h0"].r.endToEnd.tokensPerSecond);
    const double h0 = perJoule(e["h0"], c);
    row("T5 tokens/J vs Base: H1", 2.62).model.push_back(perJoule(e["h1"], c) / h0);
    row("T5 tokens/J vs Base: H2", 3.06).model.push_back(perJoule(e["h2"], c) / h0);
    row("T5 tokens/J vs Base: H3", 1.55).model.push_back(perJoule(e["h3"], c) / h0);
    const double s0 = perJoule(e["s0"], e["s0"].r.prefill, c);
    row("T4 tokens/J vs S0: S1", 1.32).model.push_back(perJoule(e["s1"], e["s1"].r.prefill, c) / s0);
    row("T4 tokens/J vs S0: S2", 1.41).model.push_back(perJoule(e["s2"], e["s2"].r.prefill, c) / s0);
    row("T4 tokens/J vs S0: S3", 2.31).model.push_back(perJoule(e["s3"], e["s3"].r.prefill, c) / s0);
    row("T4 tokens/J vs S0: S4", 0.59).model.push_back(perJoule(e["s4"], e["s4"].r.prefill, c) / s0);
    // Table 9: one transformer block (an attention layer "A" and its FFN "F") of Llama-3.3-70B
    // prefilling 4,096 tokens on Base ("our model";
    // PLENA's analytic model 658.32 ms, its emulator 814.14 ms).
    row("T9 one block, 4096-token prefill on Base (ms)", 731.11)
        .model.push_back(1e3 * blockRun.r.prefill.time.value() / model.occurrences('A'));
    // Abstract / Fig. 8: the best prefill design (P1) and decode design (D1) against 4 x H100.
    row("Fig. 8 prefill tokens/J, P1 vs 4 x H100", 3.23)
        .model.push_back(perJoule(e["p1"], e["p1"].r.prefill, c) / perJoule(e["h100x4"], e["h100x4"].r.prefill, c));
    row("Fig. 8 decode tokens/J, D1 vs 4 x H100", 2.72)
        .model.push_back(perJoule(e["d1"], e["d1"].r.decode, c) / perJoule(e["h100x4"], e["h100x4"].r.decode, c));
  }

  std::printf("\n| claim | paper |");
  for (const auto& [c, name] : choices) std::printf(" %s |", name);
  std::printf("\n|---|---|");
  for (std::size_t i = 0; i < choices.size(); ++i) std::printf("---|");
  std::printf("\n");
  for (const auto& r : rows) {
    std::printf("| %s | %.2f |", r.claim.c_str(), r.paper);
    for (double m : r.model) std::printf(" %.2f |", m);
    std::printf("\n");
    for (double m : r.model) EXPECT_TRUE(std::isfinite(m) && m > 0) << r.claim;
  }

  // B is the paper's own arithmetic in Table 5: Token/J = TPS / Power (TDP) reproduces its ratios.
  const double paperBase = 1.48 / 300.09;
  EXPECT_NEAR(4.71 / 364.74 / paperBase, 2.62, 0.01);
  EXPECT_NEAR(5.83 / 386.12 / paperBase, 3.06, 0.01);
  EXPECT_NEAR(5.51 / 718.96 / paperBase, 1.55, 0.01);
  // C puts Table 9's block where the paper's model has it (within 30 %), A is ten times faster.
  const auto& t9 = row("T9 one block, 4096-token prefill on Base (ms)", 0);
  EXPECT_LT(t9.model[0], 0.2 * 731.11);
  EXPECT_NEAR(t9.model[2], 731.11, 0.3 * 731.11);
}

// The paper's own Fig. 8 bounds its prefill headline (docs/fidelity.md, "What the paper's Fig. 8
// allows"). Its caption: P1's TTFT "remains higher than A100 and H100 due to reduced compute
// resources"; section 4.3 prefills a single request ("we are simply treating the single batch"), so
// TTFT is the prefill time and P1's prefill throughput is below the GPUs'. Four P1s against four
// H100s, prefill tokens/J P1 / H100 = (TTFT_H100 x W_H100) / (TTFT_P1 x W_P1) < W_H100 / W_P1, which
// with the paper's own powers (Table 6: P1 632.3 W average, 697.1 W TDP; H100 SXM 700 W TDP) is at
// most 1.11 on any common basis, against 3.23x +- 30 % (2.26x at the lower edge). The model keeps
// the caption's ordering; this prints the bound beside it.
TEST(MemExplorerChoices, Fig8CaptionBoundsThePrefillHeadline) {
  const PresetLibrary lib({LLMWB_TEST_PRESETS});
  const auto model = lib.model("llama-3.3-70b");
  constexpr int kDevices = 4; // four PLENA devices against four GPUs (seed 000 5.3)
  constexpr double kH100TdpW = 700; // H100 SXM
  const double boundAverage = kH100TdpW / kPaperP1AverageW, boundTdp = kH100TdpW / kPaperP1TdpW;
  std::printf("\n  paper-internal bound on P1 / H100 prefill tokens/J: %.3f (P1 average power), %.3f (TDP both);"
              " headline 3.23, band from %.2f\n",
              boundAverage, boundTdp, 0.7 * 3.23);
  for (const char* w : {"osworld", "bfcl-websearch"}) {
    const auto workload = lib.workload(w);
    const auto p1 = evaluate(lib.system("memexplorer/p1"), model, workload, {});
    ASSERT_TRUE(p1.prefill.feasible) << p1.prefill.reason;
    // P1's four devices sharing one prompt perfectly: the fastest TTFT four P1s could give.
    const double p1Ttft = p1.prefill.time.value() / kDevices;
    for (const char* gpu : {"gpu/a100x4", "gpu/h100x4"}) {
      const auto g = evaluate(lib.system(gpu), model, workload, {});
      ASSERT_TRUE(g.prefill.feasible) << g.prefill.reason;
      const double ratio = p1.prefill.tokensPerJoule / g.prefill.tokensPerJoule;
      std::printf("  %-15s 4 x P1 TTFT %7.2f s (ideal split)  %-11s TTFT %6.2f s   tokens/J P1 / GPU %.2f\n", w, p1Ttft,
                  gpu, g.prefill.time.value(), ratio);
      EXPECT_GT(p1Ttft, g.prefill.time.value()) << w << " " << gpu << ": Fig. 8's caption has P1's TTFT above the GPU's";
    }
  }
}
