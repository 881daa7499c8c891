// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter tables: values checked against type and range, defaults read from the struct, fields
// reached through lift(), the Markdown reference.
#include "core/params/param_table.h"
#include "core/units/quantity.h"

#include <gtest/gtest.h>

#include <optional>

using namespace llmwb;
using params::FieldValue;

namespace {
struct Core {
  int lanes = 64;
  Hertz clock = units::megahertz(700);
  double share = 0.5;
};
struct Chip {
  std::optional<Core> core;
};

const params::ParamTable<Core>& coreFields() {
  static const params::ParamTable<Core> table(
      "core", {params::integer<Core>("lanes", &Core::lanes).withRange(1, 4096).withSpecial({"fill", -1, "as many as fit"})
                   .withDoc("vector lanes"),
               params::quantity<Core>("clock_MHz", &Core::clock, &units::megahertz, &units::inMegahertz).withUnit("MHz")
                   .withRange(0, 10000, true).withDoc("clock"),
               params::fraction<Core>("share", &Core::share).withDoc("a share")});
  return table;
}
} // namespace

TEST(ParamTable, DefaultsComeFromTheStruct) {
  const auto& t = coreFields();
  EXPECT_EQ(std::get<double>(t.find("lanes")->defaultValue), 64);
  EXPECT_EQ(std::get<double>(t.find("clock_MHz")->defaultValue), 700);
  EXPECT_EQ(std::get<double>(t.find("share")->defaultValue), 0.5);
  EXPECT_EQ(t.find("nothing"), nullptr);
}

TEST(ParamTable, SetConvertsFromThePresetUnit) {
  Core c;
  coreFields().find("clock_MHz")->set(c, 1500.0);
  EXPECT_EQ(c.clock.value(), units::megahertz(1500).value());
  EXPECT_EQ(std::get<double>(coreFields().find("clock_MHz")->get(c)), 1500);
}

TEST(ParamTable, CheckValueEnforcesTypeAndRange) {
  const auto& t = coreFields();
  EXPECT_EQ(std::get<double>(params::checkValue(*t.find("lanes"), 128.0)), 128);
  EXPECT_EQ(std::get<double>(params::checkValue(*t.find("lanes"), std::string("fill"))), -1);
  EXPECT_THROW(params::checkValue(*t.find("lanes"), 0.0), params::FieldError);
  EXPECT_THROW(params::checkValue(*t.find("lanes"), 2.5), params::FieldError);
  EXPECT_THROW(params::checkValue(*t.find("lanes"), 5000.0), params::FieldError);
  EXPECT_THROW(params::checkValue(*t.find("lanes"), std::string("many")), params::FieldError);
  EXPECT_THROW(params::checkValue(*t.find("clock_MHz"), 0.0), params::FieldError);
  EXPECT_THROW(params::checkValue(*t.find("share"), 1.5), params::FieldError);
  EXPECT_NO_THROW(params::checkValue(*t.find("share"), 0.0));
  try {
    params::checkValue(*t.find("clock_MHz"), -3.0);
    FAIL();
  } catch (const params::FieldError& e) {
    EXPECT_EQ(e.key(), "clock_MHz");
    EXPECT_NE(std::string(e.what()).find("MHz"), std::string::npos) << e.what();
  }
}

TEST(ParamTable, LiftReachesAnOptionalBlock) {
  const auto chip = params::lift<Chip, Core>(
      coreFields(), "core.", [](Chip& c) { return c.core ? &*c.core : nullptr; },
      [](const Chip&) { return std::string("no core"); });
  const auto* lanes = chip.find("core.lanes");
  ASSERT_NE(lanes, nullptr);
  EXPECT_EQ(std::get<double>(lanes->defaultValue), 64); // the inner struct's default
  Chip c;
  EXPECT_FALSE(lanes->present(c));
  EXPECT_THROW(lanes->set(c, 8.0), params::FieldError);
  c.core = Core{};
  lanes->set(c, 8.0);
  EXPECT_EQ(c.core->lanes, 8);
  EXPECT_TRUE(lanes->present(c));
}

TEST(ParamTable, MarkdownListsEveryField) {
  const std::string md = params::markdownTable(params::infos(coreFields()));
  for (const char* key : {"`lanes`", "`clock_MHz`", "`share`", "vector lanes", "MHz", "\"fill\""})
    EXPECT_NE(md.find(key), std::string::npos) << key << "\n" << md;
}

// Issue 35: an enumeration's names are declared once; to-string, parsing and an editor's choices
// all come from the table.
#include "core/compute/npusim/npusim_spec.h"
#include "core/strategy/strategy.h"
#include "core/engine/npusim/parallelism.h"

TEST(EnumNames, OneTableGivesNamesParsingAndChoices) {
  using namespace llmwb;
  EXPECT_EQ(kDataflowNames.toString(Dataflow::InputStationary), "IS");
  EXPECT_EQ(kDataflowNames.parse("weight_stationary"), Dataflow::WeightStationary);
  EXPECT_EQ(kDataflowNames.parse("ws"), Dataflow::WeightStationary);
  EXPECT_FALSE(kDataflowNames.parse("XS").has_value());
  EXPECT_FALSE(kDataflowNames.parse("").has_value()) << "an empty alias slot matches nothing";
  EXPECT_EQ(kDataflowNames.choices(), (std::vector<std::string>{"WS", "IS", "OS"}));
  // Every name of every table reads back as its value.
  const auto roundTrips = [](const auto& names, auto... values) {
    return ((names.parse(names.toString(values)) == values) && ...);
  };
  EXPECT_TRUE(roundTrips(kStoragePriorityNames, StoragePriority::Activations, StoragePriority::KvCache, StoragePriority::Weights,
                         StoragePriority::Equal));
  EXPECT_TRUE(roundTrips(kBandwidthPriorityNames, BandwidthPriority::Matrix, BandwidthPriority::Vector, BandwidthPriority::Equal,
                         BandwidthPriority::Shared));
  EXPECT_TRUE(roundTrips(kCorePlacementNames, CorePlacement::LinearSeq, CorePlacement::LinearInterleave, CorePlacement::Ring,
                         CorePlacement::Mesh));
  EXPECT_TRUE(roundTrips(kNocLockNames, NocLock::None, NocLock::Link, NocLock::HalfDuplex, NocLock::Router));
  EXPECT_EQ(kBandwidthPriorityNames.parse("weights"), BandwidthPriority::Matrix); // the old spelling still reads
}
