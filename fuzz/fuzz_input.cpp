// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz/fuzz_input.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace llmwb::fuzz {

const PresetLibrary& shippedPresets() {
  static const PresetLibrary library({std::filesystem::path(LLMWB_FUZZ_PRESETS)});
  return library;
}

std::string inputFile(const std::uint8_t* data, std::size_t size, const std::string& extension) {
  // One file per process and extension: libFuzzer's -jobs/-workers run several processes at once.
  static const std::filesystem::path folder =
      std::filesystem::is_directory("/dev/shm") ? std::filesystem::path("/dev/shm") : std::filesystem::temp_directory_path();
  const std::string path = (folder / ("llmwb-fuzz-" + std::to_string(::getpid()) + extension)).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  out.close();
  if (!out) throw std::logic_error("cannot write the fuzz input to " + path);
  return path;
}

} // namespace llmwb::fuzz
