// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bad-input corpus (tests/data/bad-inputs/cases.json), shared by the tests that run it: the
// command line (tests/cli/tst_bad_input_corpus.cpp) and the window's open path
// (tests/app/gui/tst_open_bad_inputs.cpp). Header-only; needs LLMWB_TEST_PRESETS and LLMWB_TEST_DATA.

#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace llmwb::test {

inline std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// @NEST(N)@ becomes N nested empty arrays; @REPEAT(N,TEXT)@ becomes TEXT N times. (Plain string
/// search: std::regex trips GCC 12's -Wmaybe-uninitialized inside libstdc++ at -O1.)
inline std::string expandMacros(std::string text) {
  auto expand = [&text](const std::string& opening, auto&& replacement) {
    for (std::size_t at = 0; (at = text.find(opening, at)) != std::string::npos;) {
      const std::size_t close = text.find(")@", at);
      const std::size_t from = at + opening.size();
      // Only a count opens a macro: "@REPEAT(N,TEXT)@" in the manifest's own notes stays.
      if (close == std::string::npos || from >= text.size() || !std::isdigit(static_cast<unsigned char>(text[from]))) {
        at = from;
        continue;
      }
      const std::string replaced = replacement(text.substr(from, close - from));
      text.replace(at, close + 2 - at, replaced);
      at += replaced.size();
    }
  };
  expand("@NEST(", [](const std::string& n) { return std::string(std::stoul(n), '[') + std::string(std::stoul(n), ']'); });
  expand("@REPEAT(", [](const std::string& inside) {
    const std::size_t comma = inside.find(',');
    std::string out;
    for (std::size_t i = 0, n = std::stoul(inside.substr(0, comma)); i < n; ++i) out += inside.substr(comma + 1);
    return out;
  });
  return text;
}

inline std::vector<nlohmann::json> corpusCases() {
  const auto manifest = nlohmann::json::parse(readText(std::filesystem::path(LLMWB_TEST_DATA) / "bad-inputs" / "cases.json"));
  return manifest.at("cases").get<std::vector<nlohmann::json>>();
}

/// Writes a case's file below `presets` (a folder searched before the shipped presets) and returns
/// its path; empty for a case without a file. Throws when the shipped preset lost the edited text.
inline std::filesystem::path writeCase(const nlohmann::json& c, const std::filesystem::path& presets) {
  if (!c.contains("from")) return {};
  const std::string from = c.at("from");
  const std::filesystem::path file = presets / c.value("file", from);
  std::string text;
  if (c.contains("whole")) {
    text = c.at("whole");
  } else {
    text = readText(std::filesystem::path(LLMWB_TEST_PRESETS) / from);
    for (const auto& pair : c.value("replace", nlohmann::json::array())) {
      const std::string before = pair.at(0), after = pair.at(1);
      const auto at = text.find(before);
      if (at == std::string::npos) throw std::logic_error(c.at("name").get<std::string>() + ": " + from + " no longer has " + before);
      text.replace(at, before.size(), after);
    }
  }
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << expandMacros(text);
  return file;
}

/// A test name from a case's name.
inline std::string caseIdentifier(const std::string& name) {
  std::string id;
  for (char ch : name) id += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return id;
}

} // namespace llmwb::test
