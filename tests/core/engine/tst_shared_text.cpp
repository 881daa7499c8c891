// SPDX-License-Identifier: GPL-3.0-or-later
// SharedText (core/params/shared_text.h): copies share one string and read as it.
#include "core/params/shared_text.h"

#include <gtest/gtest.h>

using namespace llmwb;

TEST(SharedText, CopiesShareOneStringAndReadAsIt) {
  const SharedText a(std::string("weight reads @ L1 (HBM3E 8-high x8)"));
  const SharedText b = a;
  EXPECT_EQ(&a.str(), &b.str()); // the same string, not a copy
  EXPECT_EQ(b, "weight reads @ L1 (HBM3E 8-high x8)");
  const std::string& text = b;
  EXPECT_EQ(text.size(), 35u);
  EXPECT_STREQ(b.c_str(), a.str().c_str());
  EXPECT_EQ(a, SharedText("weight reads @ L1 (HBM3E 8-high x8)")); // equal by content
}

TEST(SharedText, EmptyHoldsNothing) {
  const SharedText none, blank(std::string{});
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(blank.empty());
  EXPECT_EQ(none.str(), "");
  EXPECT_EQ(none, blank);
  EXPECT_FALSE(SharedText("compute").empty());
}

TEST(SharedText, ComparesWithStrings) {
  const SharedText a("compute");
  EXPECT_TRUE(a == std::string("compute"));
  EXPECT_FALSE(a == std::string("memory"));
  EXPECT_TRUE(a == "compute");
}
