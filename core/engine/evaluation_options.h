// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an evaluation is asked for (evaluate.h): batches, decode segments, phases, and the extras a
// view wants (roofline, descriptions, the groups' models). Apart from evaluate() so that the parts
// it composes (heterogeneous.h) take the options without seeing it.

#include <optional>

namespace llmwb {

/// Most decode segments a project or space may ask for: each costs one decode step per group, and
/// beyond a few dozen the integral no longer changes (tests/core/engine/tst_evaluate.cpp).
inline constexpr int kMaxDecodeSegments = 1024;

struct EvaluationOptions {
  std::optional<int> decodeBatch; ///< default: the largest power of two that fits
  int prefillBatch = 1;           ///< MemExplorer 4.3: prefill is evaluated at batch 1
  int decodeSegments = 4;         ///< decode integrated over the growing context in this many segments
  /// Which phases to evaluate; exploration of a prefill or decode design space needs only one.
  enum class Phases { Both, PrefillOnly, DecodeOnly } phases = Phases::Both;
  /// Fill EvaluationResult::roofline (one more pass: the first decode step). Views ask for it;
  /// explorations do not.
  bool roofline = false;
  /// Fill the text that describes devices (compute, memory, strategy, formats), memory levels and
  /// operator bounds. Explorations read numbers and problems only and turn it off; every number
  /// and problem is the same either way.
  bool descriptions = true;
  /// Keep each group's model in EvaluationResult::models (views ask them for detail products).
  bool keepModels = false;
};

} // namespace llmwb
