// SPDX-License-Identifier: GPL-3.0-or-later
// The bad-input corpus (tests/data/bad-inputs/cases.json): every case is written as a user would
// have it on disk and run through llmwb-cli as a user runs it. Each must be refused with a message
// naming file, field and what was expected, or evaluated to a result that says why it is not
// feasible; none may crash, hang, or print a number that is not finite.
#include "tests/support/bad_input_corpus.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;
using namespace llmwb;

namespace {

std::string quote(const std::string& word) {
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct CliRun {
  int status = -1; ///< exit status; 124 for a hang, 128 + n for signal n
  std::string out;
  std::string err;
};

CliRun runCli(const std::vector<std::string>& words, const fs::path& scratch, const std::string& presets) {
  // Appended piecewise: GCC 12 warns wrongly (-Wrestrict) on "literal" + std::string.
  std::string command("LLMWB_PRESETS=");
  command.append(quote(presets)).append(" timeout -s KILL 60 ").append(quote(LLMWB_CLI));
  for (const auto& w : words) command.append(" ").append(quote(w));
  const fs::path errFile = scratch / "stderr.txt";
  command.append(" 2>").append(quote(errFile.string()));
  CliRun r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return r;
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.out.append(buffer, n);
  const int status = ::pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (r.status == 137) r.status = 124; // killed by timeout -s KILL
  r.err = test::readText(errFile);
  return r;
}

/// Numbers the JSON writer must never print, and the words C++ streams print for them: nan, inf,
/// NaN, Infinity, Inf as whole words. (No std::regex: it trips GCC 12's -Wmaybe-uninitialized
/// inside libstdc++ in the sanitizer build.)
bool hasNonFinite(const std::string& text) {
  auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t i = 0; i < text.size();) {
    if (!std::isalpha(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && isWordChar(text[end])) ++end;
    const std::string word = text.substr(i, end - i);
    const bool alone = i == 0 || !isWordChar(text[i - 1]);
    if (alone && (word == "nan" || word == "inf" || word == "NaN" || word == "Infinity" || word == "Inf")) return true;
    i = end;
  }
  return false;
}

/// Where a JSON document holds null: nlohmann writes a non-finite number as null, so a null figure is
/// a NaN or an infinity that reached the output. (compare's ratios are null by design where a row
/// does not run.)
std::string nullFigure(const json& j, const std::string& at = "") {
  if (j.is_null()) return at.empty() ? "/" : at;
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() != "model_ratio" && it.key() != "paper_ratio")
        if (auto found = nullFigure(it.value(), at + "/" + it.key()); !found.empty()) return found;
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      if (auto found = nullFigure(j[i], at + "/" + std::to_string(i)); !found.empty()) return found;
  }
  return "";
}

TEST(CorpusChecks, NonFiniteWordsAreFound) {
  for (const char* text : {"\"x\": nan", "-nan", "\"y\": inf,", "NaN", "[Infinity]", "-Inf"}) EXPECT_TRUE(hasNonFinite(text)) << text;
  for (const char* text : {"infeasible", "\"inference\": 1", "banana", "Information", "1.5e+300"}) EXPECT_FALSE(hasNonFinite(text)) << text;
}

class Corpus : public ::testing::TestWithParam<json> {};

} // namespace

TEST_P(Corpus, RefusedOrInfeasibleNeverBroken) {
  const json& c = GetParam();
  const std::string name = c.at("name");
  const fs::path root = fs::temp_directory_path() / ("llmwb-corpus-" + std::to_string(::getpid()));
  const fs::path presets = root / "presets";
  const fs::path scratch = root / "out";
  fs::remove_all(root);
  fs::create_directories(scratch);

  // The case's file: a shipped preset edited, or whole text, written below the case's preset root.
  const fs::path file = test::writeCase(c, presets);

  std::vector<std::string> words;
  for (std::string w : c.at("run")) {
    for (const auto& [macro, value] : {std::pair<std::string, std::string>{"@FILE", file.string()},
                                       {"@DATA", LLMWB_TEST_DATA}, {"@OUT", scratch.string()}})
      if (const auto at = w.find(macro); at != std::string::npos) w.replace(at, macro.size(), value);
    words.push_back(w);
  }
  const CliRun r = runCli(words, scratch, presets.string() + ":" + LLMWB_TEST_PRESETS);
  const std::string both = r.out + r.err;
  SCOPED_TRACE(name + "\n  status " + std::to_string(r.status) + "\n  stderr: " + r.err.substr(0, 600));

  ASSERT_NE(r.status, 124) << "hangs (killed after 60 s)";
  ASSERT_LT(r.status, 128) << "crashed (signal " << r.status - 128 << ")";
  EXPECT_FALSE(hasNonFinite(r.out)) << "prints a number that is not finite:\n" << r.out.substr(0, 2000);

  const std::string expect = c.at("expect");
  if (expect == "error") {
    EXPECT_TRUE(r.status == 1 || r.status == 2) << "expected refusal (exit status 1 or 2)\n" << r.out.substr(0, 600);
    const std::string namedFile = c.value("names", file.filename().string());
    if (!namedFile.empty()) {
      EXPECT_NE(r.err.find(namedFile), std::string::npos) << "the message does not name the file";
    }
    EXPECT_NE(r.err.find(c.value("field", "")), std::string::npos) << "the message does not name the field";
    EXPECT_NE(r.err.find(c.value("words", "")), std::string::npos) << "the message does not say what was expected";
    EXPECT_EQ(r.err.find("std::"), std::string::npos) << "a bare library exception reaches the user";
    EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << "a bare parser exception reaches the user";
  } else {
    ASSERT_EQ(r.status, 0) << r.err;
    const json result = json::parse(r.out, nullptr, false);
    ASSERT_FALSE(result.is_discarded()) << "output is not JSON";
    EXPECT_EQ(nullFigure(result), "") << "a figure is null (a non-finite number written by the JSON library)";
    if (expect == "infeasible") {
      EXPECT_FALSE(result.at("feasible").get<bool>());
      EXPECT_NE(both.find(c.value("words", "")), std::string::npos) << "no reason given";
    } else if (c.value("check", "") == "requests_per_s_below") {
      // A link that needs minutes per request limits the request rate, whatever the devices do.
      EXPECT_LE(result.at("end_to_end").at("requests_per_s").get<double>(), c.at("limit").get<double>());
    }
  }
  fs::remove_all(root);
}

std::string caseId(const ::testing::TestParamInfo<json>& param) { return test::caseIdentifier(param.param.at("name")); }

INSTANTIATE_TEST_SUITE_P(BadInputs, Corpus, ::testing::ValuesIn(test::corpusCases()), caseId);
