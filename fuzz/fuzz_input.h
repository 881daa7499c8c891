// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the libFuzzer targets (docs/testing.md, "Fuzzing"): the input as a file for the readers
// that take a path, the shipped presets that inputs may refer to, and which exceptions count as a
// reader's expected answer to bad input.
#include "core/io/input_error.h"
#include "core/io/preset_library.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace llmwb::fuzz {

/// The shipped presets only (not $LLMWB_PRESETS or the user's folder), so runs are reproducible.
const PresetLibrary& shippedPresets();

/// Writes the input to this process's scratch file (in /dev/shm when it exists) ending in
/// `extension`, and returns its path. The readers decide from the extension whether a string is
/// a file, so it must be one they accept (".json", ".llmwb", ".csv").
std::string inputFile(const std::uint8_t* data, std::size_t size, const std::string& extension);

/// A refusal's message is for a user: it says something, and no library's own text (the JSON
/// parser's "[json.exception...]", a standard library's "std::...") reaches it, unless the input
/// itself holds that text (messages quote what they refuse). Aborts otherwise, which libFuzzer
/// reports as a crash with the input.
inline void checkMessage(const char* what, std::string_view input) {
  const std::string message = what ? what : "";
  const auto leaked = [&](std::string_view text) {
    return message.find(text) != std::string::npos && input.find(text) == std::string_view::npos;
  };
  if (message.empty() || leaked("json.exception") || leaked("std::")) {
    std::fprintf(stderr, "a refusal's message is empty or library text: \"%s\"\n", message.c_str());
    std::abort();
  }
}

/// Runs `read` and swallows what a reader documents for bad input: InputError and the standard
/// invalid_argument and runtime_error (InputError is one), once checkMessage() accepts their
/// text. Any other exception escapes and libFuzzer reports it as a crash.
template <class Read> void expectInputErrors(std::string_view input, Read read) {
  try {
    read();
  } catch (const std::invalid_argument& e) {
    checkMessage(e.what(), input);
  } catch (const std::runtime_error& e) {
    checkMessage(e.what(), input);
  }
}

/// The input as text, for checkMessage().
inline std::string_view inputText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The body of a target whose reader takes a path: `read(library, path)` on the input as a file.
template <class Read> int readFile(const std::uint8_t* data, std::size_t size, const std::string& extension, Read read) {
  const std::string path = inputFile(data, size, extension);
  expectInputErrors(inputText(data, size), [&] { read(shippedPresets(), path); });
  return 0;
}

} // namespace llmwb::fuzz
