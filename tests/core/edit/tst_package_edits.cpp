// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/edit/package_edits.h"
#include "core/device/resolved_device.h"
#include "core/package/package.h"
#include "tests/core/support/test_presets.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace llmwb::edit {
namespace {

PackageSpec package(const std::string& device) { return *test::presets().device(device).package; }
const MemoryTechnology& tech(const std::string& id) {
  static std::map<std::string, MemoryTechnology> cache;
  auto it = cache.find(id);
  if (it == cache.end()) it = cache.emplace(id, test::presets().memoryTechnology(id)).first;
  return it->second;
}

int items(const PackageSpec& p, ItemKind kind) {
  int n = 0;
  for (const auto& f : p.floorplan) n += f.kind == kind;
  return n;
}

PackageReport report(const PackageSpec& p) {
  MemoryHierarchy scratch;
  return resolvePackage(p, tech("sram"), scratch);
}

TEST(PackageEdits, ShippedPackagesHaveAnItemForEveryPart) {
  for (const char* id : {"duet/prefill", "duet/decode", "duet/prefill-friendly", "duet/decode-friendly"}) {
    auto p = package(id);
    const auto before = p.floorplan.size();
    completeFloorplan(p);
    EXPECT_EQ(p.floorplan.size(), before) << id << ": the preset's floorplan is complete";
    for (ItemKind k : {ItemKind::Compute, ItemKind::MemoryPhy, ItemKind::Hbm, ItemKind::Gddr})
      EXPECT_EQ(items(p, k), requiredItems(p, k)) << id;
  }
  const auto prefill = package("duet/prefill");
  EXPECT_EQ(items(prefill, ItemKind::Compute), 16);
  EXPECT_EQ(items(prefill, ItemKind::MemoryPhy), 12);
  EXPECT_EQ(items(prefill, ItemKind::Gddr), 24);
  const auto decode = package("duet/decode");
  EXPECT_EQ(items(decode, ItemKind::Compute), 8);
  EXPECT_EQ(items(decode, ItemKind::Hbm), 12);
}

TEST(PackageEdits, CompletingPlacesMissingItemsInFreeCells) {
  auto p = package("duet/prefill");
  p.floorplan.clear();
  completeFloorplan(p);
  EXPECT_EQ(items(p, ItemKind::Compute), 16);
  EXPECT_EQ(items(p, ItemKind::Gddr), 24);
  std::set<std::pair<int, int>> inside;
  for (const auto& f : p.floorplan) {
    EXPECT_GE(f.row, 0);
    EXPECT_GE(f.column, 0);
    if (inPackage(f.kind)) {
      EXPECT_TRUE(inside.insert({f.row, f.column}).second) << "two items in one cell";
    }
  }
  for (const auto& f : p.floorplan)
    if (!inPackage(f.kind)) {
      EXPECT_FALSE(inside.count({f.row, f.column})) << "an off-package device on the interposer";
    }
}

TEST(PackageEdits, AddingAStackRaisesTheCountAndTheArea) {
  auto p = package("duet/decode");
  const double area = report(p).interposerArea.value();
  const auto at = addItem(p, ItemKind::Hbm, 0, 5, nullptr);
  EXPECT_EQ(p.floorplan[at].kind, ItemKind::Hbm);
  EXPECT_EQ(requiredItems(p, ItemKind::Hbm), 13);
  EXPECT_GT(report(p).interposerArea.value(), area);
}

TEST(PackageEdits, TooManyStacksMakeTheInterposerOversized) {
  auto p = package("duet/decode");
  EXPECT_TRUE(report(p).feasible());
  for (int c = 0; c < 6; ++c) addItem(p, ItemKind::Hbm, -1, c, nullptr); // a new row above: the grid shifts down
  for (const auto& f : p.floorplan) EXPECT_GE(f.row, 0);
  const auto r = report(p);
  EXPECT_FALSE(r.feasible());
  ASSERT_FALSE(r.violations.empty());
  EXPECT_NE(r.violations.back().find("interposer"), std::string::npos) << r.violations.back();
}

TEST(PackageEdits, TakenCellsAndWrongTechnologiesAreRefused) {
  auto p = package("duet/prefill");
  const auto before = p.floorplan;
  const auto& first = p.floorplan.front();
  EXPECT_THROW(addItem(p, ItemKind::Compute, first.row, first.column), EditError);
  EXPECT_THROW(addItem(p, ItemKind::Hbm, 0, 0, &tech("sram")), EditError);
  EXPECT_THROW(moveItem(p, 0, p.floorplan[1].row, p.floorplan[1].column), EditError);
  EXPECT_EQ(p.floorplan.size(), before.size());
  // A third GDDR device in a cell that holds two.
  EXPECT_THROW(addItem(p, ItemKind::Gddr, 0, 2, &tech("gddr7-8gb")), EditError);
}

TEST(PackageEdits, OffPackageDevicesBeyondThePhysAreAViolation) {
  auto p = package("duet/prefill");
  EXPECT_TRUE(report(p).feasible());
  addItem(p, ItemKind::Gddr, 0, 1, &tech("gddr7-8gb"));
  EXPECT_EQ(requiredItems(p, ItemKind::Gddr), 25);
  EXPECT_FALSE(report(p).feasible());
  // Removing a PHY is one device short too; removing a compute chiplet drops the count.
  for (std::size_t i = 0; i < p.floorplan.size(); ++i)
    if (p.floorplan[i].kind == ItemKind::Compute) {
      removeItem(p, i);
      break;
    }
  EXPECT_EQ(p.computeChiplets, 15);
}

TEST(PackageEdits, DroppingAnotherStackTechnologyChangesEveryStack) {
  auto p = package("duet/decode");
  addItem(p, ItemKind::Hbm, 0, 5, &tech("hbm4-12h"));
  ASSERT_EQ(p.memory.size(), 1u);
  EXPECT_EQ(p.memory[0].part.technology.id, "hbm4-12h");
  EXPECT_EQ(p.memory[0].part.count, 13);
}

TEST(PackageEdits, ResolvingADeviceFollowsItsPackage) {
  auto d = test::presets().device("duet/decode");
  const double before = resolvedDevice(d).memory.offChipCapacity().value();
  addItem(*d.package, ItemKind::Hbm, 0, 5, nullptr);
  EXPECT_DOUBLE_EQ(resolvedDevice(d).memory.offChipCapacity().value(), before * 13 / 12);
}

} // namespace
} // namespace llmwb::edit
