// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer (seed 000) Tables 4, 5 and 6: Llama-3.3-70B, OSWorld (90K / 8K), 8/8/8 MX quantisation.
// The model is printed beside the paper; the assertions are the orderings and exact figures the
// workbench promises (see docs/fidelity.md for the conventions and calibration constants).
#include "core/io/preset_library.h"
#include "core/engine/evaluate.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

using namespace llmwb;

namespace {
class MemExplorerTables : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto model = lib.model("llama-3.3-70b");
    const auto workload = lib.workload("osworld");
    for (const char* id : {"base", "h0", "h1", "h2", "h3", "p1", "p2", "d1", "d2", "s0", "s1", "s2", "s3", "s4"})
      results()[id] = evaluate(lib.system(std::string("memexplorer/") + id), model, workload);
  }
  static std::map<std::string, EvaluationResult>& results() {
    static std::map<std::string, EvaluationResult> r;
    return r;
  }
  static const EvaluationResult& r(const std::string& id) { return results().at(id); }
  static double tdp(const std::string& id) { return r(id).devices.front().tdp.value(); }
};

bool descending(const std::vector<double>& v) {
  for (std::size_t i = 1; i < v.size(); ++i)
    if (!(v[i - 1] > v[i])) return false;
  return true;
}
} // namespace

TEST_F(MemExplorerTables, Table5And6MaxDecodeBatchIsExact) {
  const std::vector<std::pair<std::string, int>> paper = {{"base", 1}, {"h1", 1}, {"h2", 8},  {"h3", 32},
                                                          {"p1", 16},  {"p2", 16}, {"d1", 16}, {"d2", 32}};
  std::printf("\nMax decode batch (Tables 5 and 6): design  model  paper\n");
  for (const auto& [id, batch] : paper) {
    std::printf("  %-5s %6d %6d\n", id.c_str(), r(id).decode.maxBatch, batch);
    EXPECT_EQ(r(id).decode.maxBatch, batch) << id;
  }
}

TEST_F(MemExplorerTables, Table6) {
  struct Row {
    const char* id;
    double avg, tdp, tps; // paper: average power (W), TDP (W), TPS relative to Base
    bool prefill;
  };
  const Row rows[] = {{"base", 245.8, 300.1, 1.00, true}, {"p1", 632.3, 697.1, 6.71, true},   {"p2", 531.7, 570.0, 4.93, true},
                      {"base", 257.4, 300.1, 1.00, false}, {"d1", 239.27, 249.90, 1.44, false}, {"d2", 441.85, 450.95, 2.19, false}};
  std::printf("\nTable 6 (model | paper)      avg W           TDP W        max batch    TPS vs Base\n");
  for (const auto& row : rows) {
    const auto& phase = row.prefill ? r(row.id).prefill : r(row.id).decode;
    const auto& base = row.prefill ? r("base").prefill : r("base").decode;
    std::printf("  %-4s %-7s %7.1f | %6.1f  %7.1f | %6.1f  %4d | %3d   %5.2fx | %4.2fx\n", row.id,
                row.prefill ? "prefill" : "decode", phase.averagePower.value(), row.avg, tdp(row.id), row.tdp,
                r(row.id).decode.maxBatch, std::string(row.id) == "base" ? 1 : (std::string(row.id) == "d2" ? 32 : 16),
                phase.tokensPerSecond / base.tokensPerSecond, row.tps);
    EXPECT_NEAR(tdp(row.id), row.tdp, 0.2 * row.tdp) << row.id << " TDP within 20% of Table 6";
  }
  EXPECT_TRUE(descending({r("p1").prefill.tokensPerSecond, r("p2").prefill.tokensPerSecond, r("base").prefill.tokensPerSecond}))
      << "prefill tokens/s: P1 > P2 > Base";
  EXPECT_TRUE(descending({r("d2").decode.tokensPerSecond, r("d1").decode.tokensPerSecond, r("base").decode.tokensPerSecond}))
      << "decode tokens/s: D2 > D1 > Base";
}

TEST_F(MemExplorerTables, Table5EndToEnd) {
  struct Row {
    const char* id;
    double power, tps, tokensPerJoule;
  };
  const Row rows[] = {{"h0", 300.09, 1.48, 1.00}, {"h1", 364.74, 4.71, 2.62}, {"h2", 386.12, 5.83, 3.06}, {"h3", 718.96, 5.51, 1.55}};
  const double base = r("h0").endToEnd.tokensPerJoule;
  std::printf("\nTable 5, OSWorld end to end (model | paper)   TDP W          batch     tokens/s        tokens/J vs Base\n");
  for (const auto& row : rows)
    std::printf("  %-3s                                      %6.1f | %6.1f  %3d | %3d  %6.2f | %5.2f   %5.2fx | %4.2fx\n", row.id,
                tdp(row.id), row.power, r(row.id).decode.batch, r(row.id).decode.maxBatch, r(row.id).endToEnd.tokensPerSecond,
                row.tps, r(row.id).endToEnd.tokensPerJoule / base, row.tokensPerJoule);
  EXPECT_TRUE(descending({r("h2").endToEnd.tokensPerJoule, r("h1").endToEnd.tokensPerJoule,
                          r("h3").endToEnd.tokensPerJoule, r("h0").endToEnd.tokensPerJoule}))
      << "tokens/J: H2 > H1 > H3 > Base";
  EXPECT_TRUE(descending({tdp("h3"), tdp("h2"), tdp("h1"), tdp("h0")})) << "power: Base < H1 < H2 < H3";
}

TEST_F(MemExplorerTables, Table4SoftwareStrategies) {
  const std::pair<const char*, double> paper[] = {{"s0", 1.00}, {"s1", 1.32}, {"s2", 1.41}, {"s3", 2.31}, {"s4", 0.59}};
  const double base = r("s0").prefill.tokensPerJoule;
  std::printf("\nTable 4, P1 prefill at batch 1 (model | paper)   strategy                   tokens/J vs S0\n");
  for (const auto& [id, ratio] : paper)
    std::printf("  %-3s %-40s %5.2fx | %4.2fx\n", id, r(id).devices.front().strategy.c_str(),
                r(id).prefill.tokensPerJoule / base, ratio);
  EXPECT_TRUE(descending({r("s3").prefill.tokensPerJoule, r("s2").prefill.tokensPerJoule, r("s1").prefill.tokensPerJoule,
                          r("s0").prefill.tokensPerJoule, r("s4").prefill.tokensPerJoule}))
      << "tokens/J: S3 > S2 > S1 > S0 > S4";
}
