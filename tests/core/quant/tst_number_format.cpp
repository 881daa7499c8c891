// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quant/number_format.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace llmwb;

TEST(NumberFormat, MxFormatsCarryTheirSharedScale) {
  // OCP MX: 32 elements share one 8-bit exponent -> 0.25 extra bits per element.
  EXPECT_DOUBLE_EQ(numberFormat("MXINT8").bitsPerElement(), 8.25);
  EXPECT_DOUBLE_EQ(numberFormat("MXFP8").bitsPerElement(), 8.25);
  EXPECT_DOUBLE_EQ(numberFormat("MXINT4").bitsPerElement(), 4.25);
  EXPECT_DOUBLE_EQ(numberFormat("mxfp4").bitsPerElement(), 4.25);
  EXPECT_DOUBLE_EQ(numberFormat("MXINT16").bitsPerElement(), 16.25);
  EXPECT_DOUBLE_EQ(numberFormat("MXFP16").bitsPerElement(), 16.25);
  EXPECT_DOUBLE_EQ(numberFormat("BF16").bitsPerElement(), 16.0);
  EXPECT_EQ(numberFormat("MXFP8").exponentBits, 4);
  EXPECT_EQ(numberFormat("MXFP4").mantissaBits, 1);
  // NVFP4: E2M1 with an 8-bit (E4M3) scale per 16 elements.
  EXPECT_DOUBLE_EQ(numberFormat("NVFP4").bitsPerElement(), 4.5);
  EXPECT_EQ(numberFormat("nvfp4").exponentBits, 2);
}

TEST(NumberFormat, BytesFollowTheFormat) {
  // 1e9 MXINT8 elements: 8.25e9 bits = 1.03125e9 bytes.
  EXPECT_DOUBLE_EQ(numberFormat("MXINT8").bytesFor(1e9).value(), 1.03125e9);
  EXPECT_DOUBLE_EQ(numberFormat("MXINT4").bytesFor(1e9).value(), 0.53125e9);
}

TEST(NumberFormat, UnknownNameListsTheKnownOnes) {
  try {
    numberFormat("MXINT3");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("MXINT8"), std::string::npos);
  }
}

TEST(Quantisation, DescribesWeightsActivationsKv) {
  Quantisation q{numberFormat("MXINT4"), numberFormat("MXFP8"), numberFormat("MXINT8")};
  EXPECT_EQ(q.describe(), "MXINT4/MXFP8/MXINT8");
}
