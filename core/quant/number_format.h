// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/units/quantity.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb {

enum class NumberFamily { Integer, FloatingPoint };

/// A storage format for tensors: plain (FP16, BF16, INT8) or microscaling (MX), where a block of
/// `blockSize` elements shares one `scaleBits`-bit exponent (MemExplorer 4.4: parameters M, E, S, B).
struct NumberFormat {
  std::string name;
  NumberFamily family = NumberFamily::Integer;
  int elementBits = 8;   ///< bits of one element, sign included
  int exponentBits = 0;  ///< E (floating-point elements)
  int mantissaBits = 7;  ///< M
  int scaleBits = 0;     ///< S, 0 when there is no shared scale
  int blockSize = 1;     ///< B, elements sharing one scale

  /// Storage bits per element including the shared scale: elementBits + scaleBits / blockSize.
  double bitsPerElement() const;
  Bytes bytesFor(double elements) const;
  /// The width the compute datapath works at (the element width; scales are applied per block).
  int datapathBits() const { return elementBits; }
  bool operator==(const NumberFormat&) const = default;
};

/// The formats of MemExplorer Table 2 plus common plain formats. MX formats use the OCP
/// Microscaling v1.0 block of 32 elements with an E8M0 (8-bit) shared scale.
const std::vector<NumberFormat>& builtinNumberFormats();

/// Looks a format up by name, case-insensitively ("MXINT8", "mxfp4", "bf16").
/// Throws std::invalid_argument naming the known formats when there is none.
const NumberFormat& numberFormat(std::string_view name);

/// Formats of the three tensor classes MemExplorer quantises separately (Table 2, Table 3 "W/A/KV").
struct Quantisation {
  NumberFormat weights;
  NumberFormat activations;
  NumberFormat kvCache;
  /// Recurrent state of SSM / linear-attention layers (Mamba keeps it in FP32); KV format if unset.
  std::optional<NumberFormat> state = std::nullopt;
  const NumberFormat& stateFormat() const { return state ? *state : kvCache; }
  std::string describe() const; ///< "MXINT8/MXINT8/MXINT8" (+ "/state FP32")
  bool operator==(const Quantisation&) const = default;
};

} // namespace llmwb
