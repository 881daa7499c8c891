// SPDX-License-Identifier: GPL-3.0-or-later
// MemExplorer 5.5, "towards extreme heterogeneity": the prefill split by layer kind (attention and
// FFN on different groups) and the decode split into phases by generated-token progress; the
// system format, the composition, and Fig. 9's comparison of P1 and D1 per layer and per phase.
#include "core/engine/evaluate.h"
#include "core/engine/heterogeneous.h"
#include "core/io/input_error.h"
#include "core/io/json_reader.h"
#include "core/io/preset_library.h"
#include "core/io/readers.h"
#include "core/io/spec_writer.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>

using namespace llmwb;
using nlohmann::json;

namespace {
const PresetLibrary& lib() { return test::presets(); }

/// Attention, FFN, early decode (until `split`) and late decode on the given devices, 4 each.
json splitSystem(const std::string& attention, const std::string& ffn, const std::string& early, const std::string& late,
                 double split = 0.5) {
  return {{"format_version", 1},
          {"kind", "system"},
          {"name", "split"},
          {"groups",
           {{{"device", attention}, {"role", "prefill"}, {"layers", "attention"}, {"count", 4}},
            {{"device", ffn}, {"role", "prefill"}, {"layers", "ffn"}, {"count", 4}},
            {{"device", early}, {"role", "decode"}, {"until_fraction", split}, {"count", 4}},
            {{"device", late}, {"role", "decode"}, {"count", 4}}}},
          {"phase_link", {{"name", "NVLink 4"}, {"bandwidth_GBps", 450}, {"latency_us", 1}, {"energy_pJ_per_bit", 5}}}};
}

SystemSpec read(const json& j) { return io::readSystem(io::JsonReader(j, "split.json"), "test/split", lib()); }

std::string readError(json j) {
  try {
    read(j);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::map<std::string, PartResult> parts(const EvaluationResult& r) {
  std::map<std::string, PartResult> out;
  for (const auto& p : r.parts) out[p.part] = p;
  return out;
}
} // namespace

TEST(Heterogeneous, SystemFormatRoundTripsAndRefusesWhatItCannotMean) {
  const auto s = read(splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1", 0.25));
  EXPECT_TRUE(s.heterogeneous());
  ASSERT_EQ(s.decodePhases().size(), 2u);
  EXPECT_DOUBLE_EQ(s.decodePhases()[0]->untilFraction, 0.25);
  EXPECT_EQ(s.decodeGroup(), s.decodePhases()[0]);
  const auto again = read(json::parse(io::systemJsonText(s)));
  ASSERT_EQ(again.groups.size(), 4u);
  EXPECT_EQ(again.groups[0].layers, LayerSelection::Attention);
  EXPECT_EQ(again.groups[1].layers, LayerSelection::Ffn);
  EXPECT_DOUBLE_EQ(again.groups[2].untilFraction, 0.25);
  EXPECT_FALSE(lib().system("memexplorer/p1d1").heterogeneous());

  auto j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][1]["layers"] = "attention";
  EXPECT_NE(readError(j).find("\"layers\": \"ffn\""), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][1]["layers"] = "mlp";
  EXPECT_NE(readError(j).find("expected all, attention or ffn"), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][2]["until_fraction"] = 1.5;
  EXPECT_NE(readError(j).find("until_fraction"), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][3]["until_fraction"] = 0.5;
  EXPECT_NE(readError(j).find("must differ"), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][3]["until_fraction"] = 0.75;
  EXPECT_NE(readError(j).find("last generated token"), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"][2]["layers"] = "ffn";
  EXPECT_NE(readError(j).find("only a \"prefill\" group"), std::string::npos) << readError(j);
  j = splitSystem("memexplorer/p1", "memexplorer/d1", "memexplorer/p1", "memexplorer/d1");
  j["groups"].erase(1);
  EXPECT_NE(readError(j).find("needs a second prefill group"), std::string::npos) << readError(j);
}

TEST(Heterogeneous, OneDeviceEverywhereComposesToTheHomogeneousSystem) {
  // Attention and FFN on two groups of the same device, the decode in two phases on it, over a
  // link that costs nothing: the parts add up to the device's own prefill and decode.
  auto j = splitSystem("memexplorer/p1", "memexplorer/p1", "memexplorer/d1", "memexplorer/d1");
  j["phase_link"] = {{"bandwidth_GBps", 1e6}, {"latency_us", 0}, {"energy_pJ_per_bit", 0}}; // the fastest link a preset may have
  const auto split = read(j);
  const auto whole = lib().system("memexplorer/p1d1");
  EvaluationOptions o;
  o.decodeBatch = 16;
  o.decodeSegments = 8;
  const auto model = lib().model("llama-3.3-70b");
  const auto workload = lib().workload("osworld");
  const auto a = evaluate(split, model, workload, o);
  const auto b = evaluate(whole, model, workload, o);
  ASSERT_TRUE(a.feasible) << (a.problems.empty() ? "" : a.problems.front());
  ASSERT_TRUE(b.feasible);
  ASSERT_EQ(a.parts.size(), 4u);
  const auto p = parts(a);
  // The prefill: parts sum to the pass; the dynamic energy is the pass's; the static power is two groups'.
  EXPECT_NEAR(a.prefill.time.value(), b.prefill.time.value(), 1e-4 * b.prefill.time.value()); // + 159 hand-offs of 0.74 us
  EXPECT_NEAR(p.at("prefill attention").time.value() + p.at("prefill ffn").time.value(), b.prefill.time.value(),
              1e-9 * b.prefill.time.value());
  EXPECT_NEAR((a.prefill.energyBreakdown.compute + a.prefill.energyBreakdown.memory).value(),
              (b.prefill.energyBreakdown.compute + b.prefill.energyBreakdown.memory).value(), 1e-6 * b.prefill.energy.value());
  EXPECT_NEAR(a.prefill.energyBreakdown.idle.value(), 2 * b.prefill.energyBreakdown.idle.value(), 1e-4 * b.prefill.energy.value());
  EXPECT_GT(p.at("prefill attention").time.value(), p.at("prefill ffn").time.value()); // 90K tokens: attention dominates
  // The decode: the two phases' steps add up to the whole decode's (each integrated over its own
  // contexts); the two groups decode different requests at once at the pace of the slower, late
  // phase: less than twice one group's throughput.
  EXPECT_NEAR(a.decode.tbt.value(), b.decode.tbt.value(), 0.01 * b.decode.tbt.value());
  const double out = double(workload.outputTokens);
  EXPECT_NEAR(a.decode.tokensPerSecond, 16 * out / p.at("decode 50-100 %").time.value(), 1e-4 * a.decode.tokensPerSecond);
  EXPECT_GT(a.decode.tokensPerSecond, 1.9 * b.decode.tokensPerSecond);
  EXPECT_LT(a.decode.tokensPerSecond, 2.0 * b.decode.tokensPerSecond);
  EXPECT_NEAR(p.at("decode 0-50 %").tokens + p.at("decode 50-100 %").tokens, 16.0 * workload.outputTokens, 1e-9);
  EXPECT_LT(p.at("decode 0-50 %").time.value(), p.at("decode 50-100 %").time.value()); // the late phase reads a longer cache
  EXPECT_GT(a.endToEnd.tokensPerJoule, 0.0);
}

TEST(Heterogeneous, Fig9ComparesP1AndD1PerLayerAndPerPhase) {
  // Fig. 9 of the paper: P1 (purple) and D1 (green) of Table 6 per part, on a prefill-heavy
  // workload (OSWorld, 90K in / 8K out) and a decode-heavy one (LongWriter, 128 in / 3968 out).
  // The figure has no numbers in the text; its claims are qualitative: (a) in the prefill, attention
  // and FFN "exhibit different bottlenecks and can therefore be optimized independently"; (b) in
  // decode-heavy work "early-stage decoding (first 50 %)" and "late-stage decoding" differ.
  const auto model = lib().model("llama-3.3-70b");
  std::map<std::string, std::map<std::string, PartResult>> on; // workload -> "P1 part" / "D1 part"
  for (const char* w : {"osworld", "longwriter"}) {
    for (const char* d : {"p1", "d1"}) {
      const std::string id = std::string("memexplorer/") + d;
      const auto r = evaluate(read(splitSystem(id, id, id, id)), model, lib().workload(w));
      ASSERT_TRUE(r.feasible) << w << " " << d << ": " << (r.problems.empty() ? "" : r.problems.front());
      for (const auto& [name, p] : parts(r)) on[w][std::string(d == std::string("p1") ? "P1 " : "D1 ") + name] = p;
    }
    std::printf("  Fig. 9, %s (Llama-3.3-70B, 4 devices per part): part, P1 vs D1\n", w);
    for (const char* part : {"prefill attention", "prefill ffn", "decode 0-50 %", "decode 50-100 %"}) {
      const auto& p1 = on[w][std::string("P1 ") + part];
      const auto& d1 = on[w][std::string("D1 ") + part];
      std::printf("    %-18s P1 %10.3f s %9.4f tok/J (batch %4d) | D1 %10.3f s %9.4f tok/J (batch %4d) | D1/P1 time %6.2f tok/J %5.2f\n",
                  part, p1.time.value(), p1.tokensPerJoule, p1.batch, d1.time.value(), d1.tokensPerJoule, d1.batch,
                  d1.time.value() / p1.time.value(), d1.tokensPerJoule / p1.tokensPerJoule);
    }
  }
  auto ratio = [&](const char* w, const char* part) {
    return on[w][std::string("D1 ") + part].tokensPerJoule / on[w][std::string("P1 ") + part].tokensPerJoule;
  };
  // (a) Prefill-heavy: P1 (the prefill design) ahead of D1 on both layer kinds, by factors that
  // differ by more than 2x between attention and FFN: different bottlenecks.
  const double attention = ratio("osworld", "prefill attention"), ffn = ratio("osworld", "prefill ffn");
  EXPECT_LT(attention, 1.0);
  EXPECT_LT(ffn, 1.0);
  EXPECT_GT(std::max(attention, ffn) / std::min(attention, ffn), 2.0);
  // (b) Decode-heavy: D1 (the decode design) ahead of P1 in tokens/J in both phases, by a margin that
  // differs between the early and the late phase (the cache, not the weights, dominates late).
  const double early = ratio("longwriter", "decode 0-50 %"), late = ratio("longwriter", "decode 50-100 %");
  std::printf("  D1/P1 tokens/J: attention %.3f, FFN %.3f (OSWorld); early decode %.3f, late %.3f (LongWriter)\n", attention, ffn,
              early, late);
  EXPECT_GT(early, 1.0);
  EXPECT_GT(late, 1.0);
  EXPECT_GT(std::abs(late - early), 0.1);
}

TEST(Heterogeneous, TheExtremePresetTakesEachPartsMostEfficientDesign) {
  // memexplorer/extreme puts each part on the Table 6 design (Base, P1, D1: the feasible ones) that
  // spends the fewest joules per token on it for OSWorld; this derives that choice again.
  const auto model = lib().model("llama-3.3-70b");
  const auto workload = lib().workload("osworld");
  std::map<std::string, std::pair<double, std::string>> best; // part -> (tokens/J, device id)
  for (const char* d : {"memexplorer/base", "memexplorer/p1", "memexplorer/d1"}) {
    const auto r = evaluate(read(splitSystem(d, d, d, d)), model, workload);
    ASSERT_TRUE(r.feasible) << d;
    for (const auto& p : r.parts) {
      std::printf("    %-17s %-18s %9.4f tokens/J  %10.3f s  batch %d\n", d, p.part.c_str(), p.tokensPerJoule, p.time.value(), p.batch);
      if (p.tokensPerJoule > best[p.part].first) best[p.part] = {p.tokensPerJoule, d};
    }
  }
  const auto extreme = lib().system("memexplorer/extreme");
  ASSERT_TRUE(extreme.heterogeneous());
  const auto r = evaluate(extreme, model, workload);
  ASSERT_TRUE(r.feasible) << (r.problems.empty() ? "" : r.problems.front());
  for (const auto& p : r.parts) EXPECT_EQ(extreme.groups[std::size_t(p.group)].device.id, best[p.part].second) << p.part;
  const auto pd = evaluate(lib().system("memexplorer/p1d1"), model, workload);
  std::printf("  end to end on OSWorld: extreme %.4f tokens/J, %.2f tokens/s; P1 + D1 %.4f tokens/J, %.2f tokens/s\n",
              r.endToEnd.tokensPerJoule, r.endToEnd.tokensPerSecond, pd.endToEnd.tokensPerJoule, pd.endToEnd.tokensPerSecond);
  EXPECT_GT(r.endToEnd.tokensPerJoule, pd.endToEnd.tokensPerJoule);
}

TEST(Heterogeneous, TheRooflineShowsEachPrefillPartOnItsGroup) {
  EvaluationOptions o;
  o.roofline = true;
  const auto system = lib().system("memexplorer/extreme"); // attention on Base (group 0), FFN on P1 (group 1)
  const auto model = lib().model("llama-3.3-70b");
  const auto r = evaluate(system, model, lib().workload("osworld"), o);
  ASSERT_TRUE(r.feasible);
  int attention = 0, ffn = 0;
  for (const auto& p : r.roofline.points) {
    if (p.phaseKind != engine::Phase::Prefill) continue;
    OperatorResult op;
    op.name = p.name;
    op.layer = p.layer;
    const auto part = engine::prefillPart(model, op);
    EXPECT_EQ(p.group, part == LayerSelection::Attention ? 0 : 1) << p.name;
    (part == LayerSelection::Attention ? attention : ffn) += 1;
  }
  EXPECT_GT(attention, 0);
  EXPECT_GT(ffn, 0);
  bool p1Ceiling = false;
  for (const auto& c : r.roofline.compute) p1Ceiling |= c.group == 1;
  EXPECT_TRUE(p1Ceiling); // the FFN group's ceilings are drawn too
}
