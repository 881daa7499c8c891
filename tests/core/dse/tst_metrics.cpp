// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35: a design-space metric carries its unit as a field (axes and tooltips read it, nothing
// cuts it out of prose), and the unit agrees with the one its key names.
#include "core/dse/metrics.h"

#include <gtest/gtest.h>

using namespace llmwb;

TEST(Metrics, EachCarriesTheUnitItsKeyNames) {
  const std::vector<std::pair<std::string, std::string>> suffixUnit = {
      {"tokens_per_s", "tokens/s"}, {"tokens_per_J", "tokens/J"}, {"_mm2", "mm²"}, {"_GiB", "GiB"},
      {"_mm", "mm"},                {"_W", "W"},                  {"_s", "s"},     {"max_batch", "sequences"}};
  for (const auto& m : dse::builtinMetrics()) {
    EXPECT_FALSE(m.title.empty()) << m.name;
    EXPECT_EQ(m.title.find(", "), std::string::npos) << m.name << ": the unit and notes are fields, not part of the title";
    std::string expected;
    for (const auto& [suffix, unit] : suffixUnit)
      if (m.name.size() >= suffix.size() && m.name.compare(m.name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        expected = unit;
        break;
      }
    ASSERT_FALSE(expected.empty()) << m.name << ": a key without a known unit suffix";
    EXPECT_EQ(m.unit, expected) << m.name;
    EXPECT_NE(m.description().find(m.unit), std::string::npos) << m.name;
  }
  EXPECT_EQ(dse::findMetric("end_to_end.tokens_per_s")->description(), "generated tokens per second, tokens/s (steady state)");
}
