// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bad-input corpus (tests/data/bad-inputs/cases.json), shared by the tests that run it: the
// command line (tests/cli/tst_bad_input_corpus.cpp) and the window's open path
// (tests/app/gui/tst_open_bad_inputs.cpp). Header-only; needs LLMWB_TEST_PRESETS and LLMWB_TEST_DATA.

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
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

/// @NEST(N)@ becomes N nested empty arrays; @REPEAT(N,TEXT)@ becomes TEXT N times.
inline std::string expandMacros(std::string text) {
  static const std::regex nest(R"(@NEST\((\d+)\)@)");
  static const std::regex repeat(R"(@REPEAT\((\d+),([^@]*)\)@)");
  std::smatch m;
  while (std::regex_search(text, m, nest)) {
    const std::size_t n = std::stoul(m[1]);
    text.replace(std::size_t(m.position(0)), std::size_t(m.length(0)), std::string(n, '[') + std::string(n, ']'));
  }
  while (std::regex_search(text, m, repeat)) {
    std::string out;
    for (std::size_t i = 0, n = std::stoul(m[1]); i < n; ++i) out += m[2].str();
    text.replace(std::size_t(m.position(0)), std::size_t(m.length(0)), out);
  }
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
