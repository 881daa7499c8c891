// SPDX-License-Identifier: GPL-3.0-or-later
// Results on disk: the journal resumes (a line cut short by a kill is dropped), the document reads
// back point for point, shards merge into the whole sweep's document byte for byte.
#include "core/io/input_error.h"
#include "core/io/results_io.h"
#include "core/io/space_io.h"
#include "../support/test_presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace llmwb;

namespace {
const dse::DesignProblem& tiny() {
  static const dse::DesignProblem problem = loadDesignProblem(LLMWB_TEST_DATA "/spaces/tiny-decode.json", test::presets());
  return problem;
}

std::string temporary(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("llmwb-tst-results-io-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

dse::ExplorationResult sweep(std::uint64_t begin = 0, std::uint64_t end = 0) {
  dse::ExplorationOptions o;
  o.method = "exhaustive";
  o.methodOptions.budget = 1000;
  o.methodOptions.gridBegin = begin;
  o.methodOptions.gridEnd = end;
  o.trace = false;
  return dse::explore(tiny(), o);
}

std::string document(const dse::ExplorationResult& r, const RunInfo& run) {
  std::ostringstream out;
  writeResults(out, tiny().space(), run, r);
  return out.str();
}
} // namespace

TEST(Journal, ResumesAndDropsALineCutShort) {
  const std::string path = temporary("journal.jsonl");
  std::filesystem::remove(path);
  const auto whole = sweep();
  RunInfo run{"exhaustive", 1, std::nullopt, 0, std::nullopt, tiny().designCount(), {}};
  {
    ExplorationJournal journal(path, tiny().space(), run);
    EXPECT_TRUE(journal.previous().empty());
    for (std::size_t i = 0; i < 10; ++i) journal.append(whole.points[i]);
  }
  std::ofstream(path, std::ios::app) << "{\"step\":11,\"index\":"; // killed mid-line
  ExplorationJournal resumed(path, tiny().space(), run);
  ASSERT_EQ(resumed.previous().size(), 10u);
  for (std::size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(resumed.previous()[i].point, whole.points[i].point);
    EXPECT_EQ(resumed.previous()[i].feasible, whole.points[i].feasible);
    EXPECT_EQ(resumed.previous()[i].problems, whole.points[i].problems);
    for (std::size_t k = 0; k < 2; ++k)
      if (std::isfinite(whole.points[i].objectives[k])) {
        EXPECT_EQ(resumed.previous()[i].objectives[k], whole.points[i].objectives[k]);
      }
  }
  RunInfo other = run;
  other.seed = 2;
  EXPECT_THROW(ExplorationJournal(path, tiny().space(), other), InputError);
}

// A preset edited between a kill and the resume: the points on disk were computed from the old
// one, so resuming would give a result that matches neither. Refused, naming the file; --restart
// (restart = true) starts over.
TEST(Journal, ResumeAfterAPresetEditIsRefused) {
  const std::string path = temporary("journal-inputs.jsonl");
  std::filesystem::remove(path);
  const auto whole = sweep();
  RunInfo run{"exhaustive", 1, std::nullopt, 0, std::nullopt, tiny().designCount(), {}};
  run.inputs = {{"/presets/memory/hbm3e-8h.json", "crc32:00000001"}, {"/presets/models/m.json", "crc32:00000002"}};
  {
    ExplorationJournal journal(path, tiny().space(), run);
    for (std::size_t i = 0; i < 5; ++i) journal.append(whole.points[i]);
  }
  EXPECT_EQ(ExplorationJournal(path, tiny().space(), run).previous().size(), 5u); // same inputs: resumes

  RunInfo edited = run;
  edited.inputs["/presets/memory/hbm3e-8h.json"] = "crc32:00000003";
  try {
    ExplorationJournal journal(path, tiny().space(), edited);
    ADD_FAILURE() << "a resume after a preset edit was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("/presets/memory/hbm3e-8h.json changed"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("--restart"), std::string::npos) << e.what();
  }
  RunInfo fewer = run;
  fewer.inputs.erase("/presets/models/m.json");
  EXPECT_THROW(ExplorationJournal(path, tiny().space(), fewer), InputError);

  ExplorationJournal restarted(path, tiny().space(), edited, true);
  EXPECT_TRUE(restarted.previous().empty());
  restarted.flush();
  EXPECT_TRUE(ExplorationJournal(path, tiny().space(), edited).previous().empty()); // the new header stands
}

TEST(ResultsDocument, ReadsBackAndShardsMergeExactly) {
  const auto whole = sweep();
  RunInfo run{"exhaustive", 1, std::nullopt, 0, std::nullopt, tiny().designCount(), {}};
  const std::string wholeText = document(whole, run);
  std::vector<std::string> shardFiles;
  for (int k = 1; k <= 3; ++k) {
    RunInfo part = run;
    part.shard = Shard{k, 3};
    const auto r = sweep(part.shard->begin(tiny().gridSize()), part.shard->end(tiny().gridSize()));
    shardFiles.push_back(temporary("shard" + std::to_string(k) + ".json"));
    std::ofstream(shardFiles.back()) << document(r, part);
  }
  std::swap(shardFiles[0], shardFiles[2]); // any order
  const auto merged = mergeResults(shardFiles);
  dse::ExplorationResult joined;
  joined.points = merged.points;
  joined.pareto = dse::paretoSet(merged.space, joined.points);
  joined.hypervolume = dse::hypervolumeOf(merged.space, joined.points);
  std::ostringstream out;
  writeResults(out, merged.space, merged.run, joined);
  EXPECT_EQ(out.str(), wholeText);

  EXPECT_THROW(mergeResults({shardFiles[0], shardFiles[1]}), InputError); // a shard missing
}

// Found while writing fuzz/fuzz_results.cpp: a seed or count past 2^64 was converted to an integer
// (undefined behaviour), and a number past a double's range or deep nesting escaped as a JSON
// library exception or recursed without bound. All are InputErrors now; the largest seed still
// reads back exactly.
TEST(ResultsDocument, RefusesNumbersAndNestingItCannotHold) {
  const auto r = sweep(0, 4);
  RunInfo run{"exhaustive", 18446744073709551615ull, std::nullopt, 0, std::nullopt, tiny().designCount(), {}};
  const std::string text = document(r, run);
  const std::string path = temporary("edges.json");
  std::ofstream(path) << text;
  EXPECT_EQ(readResults(path).run.seed, 18446744073709551615ull);
  const auto readEdited = [&](const std::string& from, const std::string& to) {
    std::string edited = text;
    const auto at = edited.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    std::ofstream(path, std::ios::trunc) << edited.replace(at, from.size(), to);
    return [path] { readResults(path); };
  };
  EXPECT_THROW(readEdited("\"seed\": 18446744073709551615", "\"seed\": 1e30")(), InputError);
  EXPECT_THROW(readEdited("\"seed\": 18446744073709551615", "\"seed\": 1.5")(), InputError);
  EXPECT_THROW(readEdited("\"seed\": 18446744073709551615", "\"seed\": 1e400")(), InputError);
  EXPECT_THROW(readEdited("\"kind\"", "\"deep\": " + std::string(100, '[') + std::string(100, ']') + ", \"kind\"")(), InputError);
}

TEST(ResultsDocument, ASyntaxErrorIsSaidWithoutTheParsersTag) {
  // An empty file (a save interrupted before its first byte): where and why, no "[json.exception...]".
  const std::string path = temporary("empty.json");
  std::ofstream(path, std::ios::trunc).flush();
  try {
    readResults(path);
    FAIL() << "an empty results file was read";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("empty.json"), std::string::npos) << message;
    EXPECT_NE(message.find("parse error at line 1, column 1"), std::string::npos) << message;
    EXPECT_EQ(message.find("json.exception"), std::string::npos) << message;
  }
}
