// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The shipped presets, for tests (the source tree's presets/ folder only).

#include "core/io/preset_library.h"

namespace llmwb::test {

inline const PresetLibrary& presets() {
  static const PresetLibrary library({LLMWB_TEST_PRESETS});
  return library;
}

} // namespace llmwb::test
