// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer (seed 000) Tables 7 and 8, "working with emerging AI models" (section 5.4):
// LLaDA-8B (diffusion) on GSM8K 1.4K / 0.2K, and Qwen3.5-397B-A17B (sparse MoE).
//
// Protocol, the one tst_memexplorer_fidelity.cpp uses for Tables 4-6:
//  - batch: the largest power-of-two decode batch whose weights + per-sequence state fit the
//    off-chip levels (EvaluationResult::decode.maxBatch; the default evaluation batch);
//  - power: average power (Eq. 6) of the phase the design is optimised for; the baseline is printed
//    in both phases, and TDP beside it;
//  - token/J: the prefill-optimised design against the baseline on prefill tokens per joule, the
//    decode-optimised design against the baseline on decode tokens per joule (each phase at its own
//    batch: prefill at 1, decode at the maximum batch), both normalised to the baseline.
// The paper is silent on the workload of Table 8; the agentic OSWorld trace (90K / 8K) of the rest of
// section 5 is used (an assumption: section 5.4.1 chose GSM8K only because dLLMs do not support long
// agentic contexts), and GSM8K is printed beside it as a sensitivity check.
// Only what holds is asserted; the rest is printed with GAP and explained in docs/fidelity.md.
#include "core/io/preset_library.h"
#include "core/engine/evaluate.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

using namespace llmwb;

namespace {
struct Paper {
  double power;
  int batch;
  double tokensPerJoule;
};

struct Table {
  std::string model, workload;
  EvaluationResult base, prefill, decode;
};

Table evaluateTable(const PresetLibrary& lib, const std::string& prefix, const std::string& model,
                    const std::string& workload) {
  const auto m = lib.model(model);
  const auto w = lib.workload(workload);
  return {model, workload, evaluate(lib.system("memexplorer/" + prefix + "-base"), m, w),
          evaluate(lib.system("memexplorer/" + prefix + "-prefill"), m, w),
          evaluate(lib.system("memexplorer/" + prefix + "-decode"), m, w)};
}

class MemExplorerTables78 : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    tables()["t7"] = evaluateTable(lib, "t7", "llada-8b-cached", "gsm8k");
    tables()["t7-uncached"] = evaluateTable(lib, "t7", "llada-8b", "gsm8k");
    tables()["t8"] = evaluateTable(lib, "t8", "qwen3.5-397b-a17b", "osworld");
    tables()["t8-gsm8k"] = evaluateTable(lib, "t8", "qwen3.5-397b-a17b", "gsm8k");
  }
  static std::map<std::string, Table>& tables() {
    static std::map<std::string, Table> t;
    return t;
  }
  static const Table& t(const std::string& id) { return tables().at(id); }

  static double prefillRatio(const Table& t) { return t.prefill.prefill.tokensPerJoule / t.base.prefill.tokensPerJoule; }
  static double decodeRatio(const Table& t) { return t.decode.decode.tokensPerJoule / t.base.decode.tokensPerJoule; }

  /// Prints one table, model | paper, and returns nothing; the tests assert on the ratios.
  static void print(const char* title, const Table& t, const Paper (&paper)[3]) {
    const char* gap = [&] {
      if (!t.prefill.prefill.feasible || !t.decode.decode.feasible) return "GAP: an optimised design is infeasible in its phase";
      const double p = prefillRatio(t), d = decodeRatio(t);
      return p > d && d > 1.0 ? "token/J ordering holds" : "GAP: token/J ordering differs";
    }();
    std::printf("\n%s, %s on %s (%lld / %lld tokens)  [%s]\n", title, t.model.c_str(), t.workload.c_str(),
                t.base.inputTokens, t.base.outputTokens, gap);
    std::printf("  design      phase     avg W (model | paper)   TDP W   batch (model | paper)   token/J vs base (model | paper)\n");
    auto row = [](const char* name, const char* phase, const EvaluationResult& r, const PhaseResult& ph, const Paper& p,
                  double ratio) {
      char model[16];
      std::snprintf(model, sizeof model, ph.feasible ? "%6.2fx" : "    n/a", ratio);
      std::printf("  %-11s %-7s %8.1f | %7.2f   %7.1f   %5d | %4d             %s | %4.2fx%s%s\n", name, phase,
                  ph.averagePower.value(), p.power, r.devices.front().tdp.value(), r.decode.maxBatch, p.batch, model,
                  p.tokensPerJoule, ph.feasible ? "" : "  INFEASIBLE: ", ph.feasible ? "" : ph.reason.c_str());
    };
    row("baseline", "prefill", t.base, t.base.prefill, paper[0], 1.0);
    row("baseline", "decode", t.base, t.base.decode, paper[0], 1.0);
    row("prefill-opt", "prefill", t.prefill, t.prefill.prefill, paper[1], prefillRatio(t));
    row("decode-opt", "decode", t.decode, t.decode.decode, paper[2], decodeRatio(t));
    std::printf("  (end to end, for reference: token/J vs base  prefill-opt %.2fx  decode-opt %.2fx; avg W base %.1f, "
                "prefill-opt %.1f, decode-opt %.1f)\n",
                t.prefill.endToEnd.tokensPerJoule / t.base.endToEnd.tokensPerJoule,
                t.decode.endToEnd.tokensPerJoule / t.base.endToEnd.tokensPerJoule, t.base.endToEnd.averagePower.value(),
                t.prefill.endToEnd.averagePower.value(), t.decode.endToEnd.averagePower.value());
    for (const auto* r : {&t.base, &t.prefill, &t.decode})
      for (const auto& d : r->devices)
        for (const auto& v : d.violations) std::printf("  note: %s: %s\n", d.id.c_str(), v.c_str());
  }
};

constexpr Paper kTable7[3] = {{281.89, 128, 1.00}, {307.76, 64, 1.65}, {341.21, 64, 1.33}};
constexpr Paper kTable8[3] = {{519.42, 32, 1.00}, {648.93, 128, 3.52}, {441.09, 64, 1.13}};
} // namespace

TEST_F(MemExplorerTables78, Table7LLaDA) {
  const auto& t7 = t("t7");
  print("Table 7", t7, kTable7);
  print("Table 7 (sensitivity: LLaDA without a cache, as released)", t("t7-uncached"), kTable7);
  for (const auto* r : {&t7.base, &t7.prefill, &t7.decode}) ASSERT_TRUE(r->feasible) << r->system;
  // Batch: the paper's LLaDA keeps "a portion of the KV cache" (Table 7's caption), so the model is
  // decoded block by block with a prefix K/V cache (llada-8b-cached): a sequence holds the K/V of
  // all 32 layers at 1.6K tokens, and the off-chip capacity gives the paper's batches exactly.
  // Without the cache (llada-8b) a sequence holds a full pass's activations: 1024 / 512 / 512.
  EXPECT_EQ(t7.base.decode.maxBatch, 128);
  EXPECT_EQ(t7.prefill.decode.maxBatch, 64);
  EXPECT_EQ(t7.decode.decode.maxBatch, 64);
  EXPECT_EQ(t("t7-uncached").base.decode.maxBatch, 2 * t("t7-uncached").prefill.decode.maxBatch);
  // Average power: baseline < prefill-optimised < decode-optimised, as in the paper, on one basis
  // for the three designs (the paper gives one power per design): end to end, and in each phase.
  EXPECT_LT(t7.base.endToEnd.averagePower.value(), t7.prefill.endToEnd.averagePower.value());
  EXPECT_LT(t7.prefill.endToEnd.averagePower.value(), t7.decode.endToEnd.averagePower.value());
  for (auto phase : {&EvaluationResult::prefill, &EvaluationResult::decode}) {
    EXPECT_LT((t7.base.*phase).averagePower.value(), (t7.prefill.*phase).averagePower.value());
    EXPECT_LT((t7.prefill.*phase).averagePower.value(), (t7.decode.*phase).averagePower.value());
  }
  // token/J: both optimised designs above the baseline, prefill-optimised the furthest, as in the
  // paper (magnitudes printed: 2.76x and 1.57x against 1.65x and 1.33x). They need the cache and the
  // optimised designs' strategies (activations first on chip, Table 7's caption); without the cache
  // the decode-optimised design falls below the baseline (sensitivity block).
  EXPECT_GT(prefillRatio(t7), decodeRatio(t7));
  EXPECT_GT(decodeRatio(t7), 1.0);
}

TEST_F(MemExplorerTables78, Table8QwenMoE) {
  const auto& t8 = t("t8");
  print("Table 8", t8, kTable8);
  print("Table 8 (sensitivity, GSM8K)", t("t8-gsm8k"), kTable8);
  ASSERT_TRUE(t8.base.feasible);
  ASSERT_TRUE(t8.prefill.feasible);
  // The decode-optimised design's two identical LPDDR5X x8 levels cannot relay each other (Eq. 2
  // degenerate, the convention of docs/fidelity.md, as Table 6's P2 in decode), and its die edge is
  // short (Eq. 1): its decode column is a GAP. If this changes, update docs/fidelity.md.
  EXPECT_FALSE(t8.decode.decode.feasible);
  EXPECT_NE(t8.decode.decode.reason.find("no bandwidth left"), std::string::npos) << t8.decode.decode.reason;
  // Batch: baseline and prefill-optimised have the same off-chip levels (HBF x2), so the same batch;
  // the paper's 32 against 128 cannot come from capacity (GAP, printed).
  EXPECT_EQ(t8.base.decode.maxBatch, t8.prefill.decode.maxBatch);
  // Power, as in the paper: decode-optimised < baseline < prefill-optimised. Average power for the
  // two feasible columns; TDP for all three (the decode-optimised decode phase is infeasible).
  EXPECT_LT(t8.base.prefill.averagePower.value(), t8.prefill.prefill.averagePower.value());
  EXPECT_LT(t8.base.decode.averagePower.value(), t8.prefill.prefill.averagePower.value());
  EXPECT_LT(t8.decode.devices.front().tdp.value(), t8.base.devices.front().tdp.value());
  EXPECT_LT(t8.base.devices.front().tdp.value(), t8.prefill.devices.front().tdp.value());
  // token/J: prefill-optimised against the baseline on prefill is a GAP (0.95x against 3.52x,
  // printed): with the same HBF x2 behind it, 4 GiB of 3D SRAM saves little traffic for a 381 GiB
  // model at batch 1 and adds about 37 W of background power (4 GiB at 10 W/GiB).
}
