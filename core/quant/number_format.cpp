// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quant/number_format.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace llmwb {

double NumberFormat::bitsPerElement() const {
  return elementBits + (blockSize > 0 ? static_cast<double>(scaleBits) / blockSize : 0.0);
}

Bytes NumberFormat::bytesFor(double elements) const { return units::bits(elements * bitsPerElement()); }

namespace {
NumberFormat mx(std::string name, NumberFamily family, int bits, int e, int m) {
  // OCP Microscaling Formats (MX) v1.0: block size 32, shared scale E8M0.
  return NumberFormat{std::move(name), family, bits, e, m, 8, 32};
}
NumberFormat nv(std::string name, NumberFamily family, int bits, int e, int m) {
  // NVIDIA NVFP4 (Blackwell): E2M1 elements, an E4M3 scale per 16 elements (the per-tensor FP32
  // scale is negligible), 4.5 bits per element. NVIDIA Technical Blog, "Introducing NVFP4 for
  // Efficient and Accurate Low-Precision Inference", June 2025.
  return NumberFormat{std::move(name), family, bits, e, m, 8, 16};
}
NumberFormat plain(std::string name, NumberFamily family, int bits, int e, int m) {
  return NumberFormat{std::move(name), family, bits, e, m, 0, 1};
}
} // namespace

const std::vector<NumberFormat>& builtinNumberFormats() {
  static const std::vector<NumberFormat> formats = {
      mx("MXINT4", NumberFamily::Integer, 4, 0, 3),
      mx("MXINT8", NumberFamily::Integer, 8, 0, 7),
      mx("MXINT16", NumberFamily::Integer, 16, 0, 15),
      mx("MXFP4", NumberFamily::FloatingPoint, 4, 2, 1),   // E2M1
      nv("NVFP4", NumberFamily::FloatingPoint, 4, 2, 1),   // E2M1, E4M3 scale per 16
      mx("MXFP8", NumberFamily::FloatingPoint, 8, 4, 3),   // E4M3
      mx("MXFP16", NumberFamily::FloatingPoint, 16, 5, 10), // E5M10 elements, MemExplorer's (M,E,S,B) extension
      plain("INT8", NumberFamily::Integer, 8, 0, 7),
      plain("FP8", NumberFamily::FloatingPoint, 8, 4, 3),
      plain("FP16", NumberFamily::FloatingPoint, 16, 5, 10),
      plain("BF16", NumberFamily::FloatingPoint, 16, 8, 7),
      plain("FP32", NumberFamily::FloatingPoint, 32, 8, 23),
  };
  return formats;
}

const NumberFormat& numberFormat(std::string_view name) {
  auto upper = [](std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
    return out;
  };
  const std::string wanted = upper(name);
  for (const auto& f : builtinNumberFormats())
    if (f.name == wanted) return f;
  std::string known;
  for (const auto& f : builtinNumberFormats()) known += (known.empty() ? "" : ", ") + f.name;
  throw std::invalid_argument("unknown number format '" + std::string(name) + "' (known: " + known + ")");
}

std::string Quantisation::describe() const {
  return weights.name + "/" + activations.name + "/" + kvCache.name + (state ? "/state " + state->name : "");
}

} // namespace llmwb
