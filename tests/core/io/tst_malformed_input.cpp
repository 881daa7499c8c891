// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input gets a clear message naming the file, the field and what was expected.
#include "core/io/input_error.h"
#include "core/io/preset_library.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>
#include <vector>

using namespace llmwb;
namespace fs = std::filesystem;

namespace {
class Malformed : public ::testing::Test {
protected:
  void SetUp() override {
    mRoot = fs::temp_directory_path() / ("llmwb-malformed-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(mRoot);
    fs::create_directories(mRoot / "memory");
    fs::create_directories(mRoot / "devices");
    fs::create_directories(mRoot / "models");
  }
  void TearDown() override { fs::remove_all(mRoot); }

  fs::path write(const std::string& rel, const std::string& text) {
    const auto p = mRoot / rel;
    std::ofstream(p) << text;
    return p;
  }
  PresetLibrary lib() const { return PresetLibrary({mRoot, LLMWB_TEST_PRESETS}); }

  /// Expects validation of `file` to fail naming the file, `field` and `words`.
  void expectError(const fs::path& file, const std::string& field, const std::string& words) {
    try {
      lib().validate(file);
      ADD_FAILURE() << "no error for " << file;
    } catch (const InputError& e) {
      EXPECT_EQ(e.file().find(file.string()), 0u) << e.what();
      EXPECT_NE(e.field().find(field), std::string::npos) << e.what();
      EXPECT_NE(e.message().find(words), std::string::npos) << e.what();
    }
  }

  fs::path mRoot;
};

const char* kGoodMemory = R"({"format_version": 1, "kind": "memory_technology", "name": "X", "placement": "off_chip",
  "latency_ns": 100, "capacity_GiB": 24, "bandwidth_GBps": 1000, "shoreline_mm": 11,
  "p_bg_mW_per_GiB": 75, "e_read_pJ_per_bit": 3, "e_write_pJ_per_bit": 3.6})";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  s.replace(s.find(from), from.size(), to);
  return s;
}
} // namespace

TEST_F(Malformed, GoodFileIsAccepted) { EXPECT_NO_THROW(lib().validate(write("memory/x.json", kGoodMemory))); }

TEST_F(Malformed, BadJsonNamesLineAndColumn) {
  const auto f = write("memory/x.json", "{\n  \"kind\": \"memory_technology\",\n  \"latency_ns\": ,\n}");
  expectError(f, "line 3", "not valid JSON");
}

TEST_F(Malformed, MissingField) {
  const auto f = write("memory/x.json", replace(kGoodMemory, "\"bandwidth_GBps\": 1000,", ""));
  expectError(f, "/bandwidth_GBps", "missing required field");
}

TEST_F(Malformed, ZeroCapacity) {
  expectError(write("memory/x.json", replace(kGoodMemory, "\"capacity_GiB\": 24", "\"capacity_GiB\": 0")), "/capacity_GiB",
              "expected a number from 1e-06 to 1e+06 GiB, got 0");
}

TEST_F(Malformed, NegativeCapacity) {
  expectError(write("memory/x.json", replace(kGoodMemory, "\"capacity_GiB\": 24", "\"capacity_GiB\": -3")), "/capacity_GiB",
              "expected a number from 1e-06 to 1e+06 GiB, got -3");
}

TEST_F(Malformed, WrongType) {
  expectError(write("memory/x.json", replace(kGoodMemory, "\"latency_ns\": 100", "\"latency_ns\": \"fast\"")), "/latency_ns",
              "expected a number");
}

TEST_F(Malformed, MisspelledFieldIsNotIgnored) {
  expectError(write("memory/x.json", replace(kGoodMemory, "bandwidth_GBps", "bandwith_GBps")), "/bandwith_GBps", "unknown field");
}

TEST_F(Malformed, UnknownTechnologyInADevice) {
  const auto f = write("devices/npu.json", R"({"format_version": 1, "kind": "device", "name": "npu",
    "compute": {"type": "plena", "mlen": 2048, "blen": 128, "vlen": 2048},
    "memory": {"on_chip": [{"technology": "sram", "count": 1}], "off_chip": [{"technology": "hbm9", "count": 4}]}})");
  expectError(f, "/memory/off_chip/0/technology", "unknown memory technology \"hbm9\"");
}

TEST_F(Malformed, OnChipTechnologyOffChip) {
  const auto f = write("devices/npu.json", R"({"format_version": 1, "kind": "device", "name": "npu",
    "compute": {"type": "plena", "mlen": 2048, "blen": 128, "vlen": 2048},
    "memory": {"on_chip": [{"technology": "sram", "count": 1}], "off_chip": [{"technology": "sram-3d", "count": 0}]}})");
  expectError(f, "/memory/off_chip/0/technology", "on-chip memory");
}

TEST_F(Malformed, ZeroCountInADevice) {
  const auto f = write("devices/npu.json", R"({"format_version": 1, "kind": "device", "name": "npu",
    "compute": {"type": "plena", "mlen": 2048, "blen": 128, "vlen": 2048},
    "memory": {"on_chip": [{"technology": "sram", "count": 0}]}})");
  expectError(f, "/memory/on_chip/0/count", "at least 1");
}

TEST_F(Malformed, UnknownLayerLetter) {
  const auto f = write("models/m.json", R"({"format_version": 1, "kind": "model", "name": "m", "hidden_size": 64,
    "vocab_size": 100, "layer_types": {"A": {"type": "attention", "heads": 4, "kv_heads": 2, "head_dim": 16},
    "F": {"type": "mlp", "intermediate_size": 128}}, "layer_pattern": "AFAXF"})");
  expectError(f, "/layer_pattern", "unknown layer letter 'X' at position 3");
}

TEST_F(Malformed, WrongFormatVersion) {
  expectError(write("memory/x.json", replace(kGoodMemory, "\"format_version\": 1", "\"format_version\": 7")), "/format_version",
              "format_version 1");
}

TEST_F(Malformed, UnknownPresetIdListsKnownOnes) {
  try {
    lib().system("memexplorer/p9");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no system preset \"memexplorer/p9\""), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("memexplorer/p1"), std::string::npos) << e.what();
  }
}

TEST_F(Malformed, BadWorkloadPair) {
  try {
    lib().workload("90K:lots");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not a token count"), std::string::npos) << e.what();
  }
}

namespace {
const char* kGoodModel = R"({"format_version": 1, "kind": "model", "name": "m", "hidden_size": 64,
    "vocab_size": 100, "layer_types": {"A": {"type": "attention", "heads": 4, "kv_heads": 2, "head_dim": 16},
    "F": {"type": "mlp", "intermediate_size": 128}}, "layer_pattern": "AF"})";
const char* kGoodDevice = R"({"format_version": 1, "kind": "device", "name": "npu",
    "compute": {"type": "plena", "mlen": 2048, "blen": 128, "vlen": 2048},
    "memory": {"on_chip": [{"technology": "sram", "count": 1}]}, "quantisation": {"weights": "MXINT8"}})";
} // namespace

// Model fields come from their tables (core/model/model_fields.h): range, type and variant keys.
TEST_F(Malformed, ModelFieldsAreChecked) {
  EXPECT_NO_THROW(lib().validate(write("models/m.json", kGoodModel)));
  expectError(write("models/m.json", replace(kGoodModel, "\"hidden_size\": 64", "\"hidden_size\": 0")), "/hidden_size", "");
  expectError(write("models/m.json", replace(kGoodModel, "\"head_dim\": 16", "\"head_dim\": 16, \"causal\": \"yes\"")),
              "/layer_types/A/causal", "");
  expectError(write("models/m.json", replace(kGoodModel, "\"head_dim\": 16", "\"head_dim\": 16, \"kv_lora_rank\": 8")),
              "/layer_types/A/kv_lora_rank", "unknown field");
  expectError(write("models/m.json", replace(kGoodModel, "\"kv_heads\": 2", "\"kv_heads\": 3")), "/layer_types/A/kv_heads",
              "must divide heads");
  expectError(write("models/m.json", replace(kGoodModel, "\"intermediate_size\": 128", "\"intermediate_size\": 128.5")),
              "/layer_types/F/intermediate_size", "");
}

TEST_F(Malformed, NumberFormatsComeFromTheirTable) {
  EXPECT_NO_THROW(lib().validate(write("devices/npu.json", kGoodDevice)));
  expectError(write("devices/npu.json", replace(kGoodDevice, "\"MXINT8\"", "\"MXINT3\"")), "/quantisation/weights", "MXINT8");
  expectError(write("devices/npu.json", replace(kGoodDevice, "\"weights\"", "\"weight\"")), "/quantisation/weight",
              "unknown field");
}

TEST_F(Malformed, WorkThatGrowsWithAnInputIsCapped) {
  expectError(write("models/m.json", replace(kGoodModel, "\"layer_pattern\": \"AF\"",
                                             "\"layer_pattern\": [{\"pattern\": \"AF\", \"repeat\": 1000000000}]")),
              "/layer_pattern/0/repeat", "at most 10000");
}

// Found by fuzz/fuzz_system.cpp: a "kind" that is not a string escaped as the JSON library's
// type_error from PresetLibrary::system instead of an InputError naming the field.
TEST_F(Malformed, SystemKindOfTheWrongType) {
  const auto f = write("devices/odd.json", R"({"format_version": 1, "kind": {"type": "plena"}})");
  try {
    lib().system(f.string());
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "/kind") << e.what();
  }
}

// What is not a JSON document's text is said as what it is (issue 37): bytes after a NUL (which
// the parser would take for the end), a folder, a broken link; a block of fields that is not an
// object is refused, not read as every field at its default.
TEST_F(Malformed, ANulByteIsNotTheEndOfTheFile) {
  std::string text = kGoodMemory;
  text += std::string(1, '\0') + "{\"more\": 1}";
  const auto f = write("memory/x.json", text);
  expectError(f, "line 3", "a NUL byte");
  expectError(write("memory/y.json", text.substr(0, 20) + std::string(1, '\0') + text.substr(20)), "line 1, column 21", "a NUL byte");
}

TEST_F(Malformed, TextAfterTheDocumentIsRefused) {
  expectError(write("memory/x.json", std::string(kGoodMemory) + "\n{\"second\": true}"), "line 4", "not valid JSON");
}

TEST_F(Malformed, AFolderOrABrokenLinkIsSaidAsSuch) {
  fs::create_directories(mRoot / "models" / "folder.json");
  fs::create_symlink(mRoot / "nowhere.json", mRoot / "models" / "dangling.json");
  try {
    lib().model("folder");
    ADD_FAILURE() << "a folder read as a model";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("is a folder, not a file"), std::string::npos) << e.what();
  }
  try {
    lib().model("dangling");
    ADD_FAILURE() << "a broken link read as a model";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("symbolic link to nothing"), std::string::npos) << e.what();
  }
  try {
    lib().validate(mRoot / "models" / "folder.json");
    ADD_FAILURE() << "validated a folder";
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "a folder, not a file");
  }
}

TEST_F(Malformed, ABlockThatIsNotAnObjectIsRefused) {
  for (const auto& [block, value, type] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"power", "300", "a number"}, {"quantisation", "\"FP8\"", "a string"}, {"strategy", "[1, 2]", "an array"}}) {
    std::ifstream in(fs::path(LLMWB_TEST_PRESETS) / "devices" / "memexplorer" / "base.json");
    std::stringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    const auto at = text.find("\"" + block + "\": {");
    if (at == std::string::npos) { // the preset leaves the block to its defaults: add one
      text.insert(text.rfind('}'), ", \"" + block + "\": " + value);
    } else {
      const auto end = text.find('}', at);
      text.replace(at, end + 1 - at, "\"" + block + "\": " + value);
    }
    expectError(write("devices/x.json", text), "/" + block, "expected an object (a block of fields), got " + type);
  }
}
