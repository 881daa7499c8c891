// SPDX-License-Identifier: GPL-3.0-or-later
// The hierarchy lanes driven as a user drives them: drops from the palette, parts dragged between
// levels, counts changed in place; every change one undo step.

#include "core/io/preset_library.h"
#include "tests/widgets/support/drop.h"
#include "tests/widgets/support/projects.h"
#include "widgets/common/elided_label.h"
#include "widgets/document/project_document.h"
#include "widgets/hierarchy/hierarchy_editor.h"
#include "widgets/hierarchy/level_lane.h"
#include "widgets/palette/palette_mime.h"

#include <QLabel>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

using namespace llmwb;

namespace {
Project baseProject(const PresetLibrary& lib) { return test::projectOf(lib, "memexplorer/base", "llama-3.3-70b", "osworld"); }

QMimeData* memoryMime(const char* id) {
  return ui::toMimeData({ui::PaletteEntry::Kind::Preset, PresetKind::MemoryTechnology, QString::fromLatin1(id)});
}
} // namespace

class TestHierarchyEditor : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  // Issue 12 item 10: a DUET package resolves into thousands of array buffers; the count box
  // shows them all instead of stopping at 512.
  void aPackagesBufferCountIsNotClamped() {
    ui::ProjectDocument doc(lib, test::projectOf(lib, "duet/system", "nemotron-h-56b", "arxiv"));
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, nullptr);
    int largest = 0;
    for (auto* box : editor.findChildren<QSpinBox*>()) {
      QVERIFY(box->maximum() >= box->value());
      largest = std::max(largest, box->value());
    }
    QVERIFY2(largest > 512, qPrintable(QString::number(largest)));
  }

  // A part's long name ends in "…" when its chip is squeezed, the whole name in the chip's tooltip.
  void aLongPartNameEndsInAnEllipsis() {
    ui::ProjectDocument doc(lib, test::projectOf(lib, "snake/snake", "llama-3.3-70b", "8K:1K"));
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, nullptr);
    editor.resize(1600, 600);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    ui::ElidedLabel* longest = nullptr;
    for (auto* name : editor.findChildren<ui::ElidedLabel*>(QStringLiteral("PartName")))
      if (!longest || name->text().size() > longest->text().size()) longest = name;
    QVERIFY(longest && longest->text().size() > 25);
    QCOMPARE(longest->shownText(), longest->text()); // room enough: whole
    longest->resize(90, longest->height());
    QVERIFY2(longest->shownText().endsWith(QChar(0x2026)) && longest->shownText().size() < longest->text().size(),
             qPrintable(longest->shownText()));
    QVERIFY(longest->parentWidget()->toolTip().contains(longest->text().toHtmlEscaped()));
    QVERIFY(longest->minimumSizeHint().width() < 90); // the lane may squeeze it that far
  }

  // Issue 35: an NpuSim chip's memory is its cores' own (per-core SRAM and HBM from the compute
  // block): the hierarchy shows it, locked, and says where to edit it; nothing in it can be dropped on.
  void anNpusimChipsMemoryIsShownLockedWithTheReason() {
    ui::ProjectDocument doc(lib, test::projectOf(lib, "npusim/small-256", "qwen3-14b", "chat"));
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, nullptr);
    auto* lock = editor.findChild<QLabel*>(QStringLiteral("MemoryLock"));
    QVERIFY(lock);
    QVERIFY2(lock->text().contains(QStringLiteral("hbm_bandwidth_GBps")), qPrintable(lock->text()));
    QVERIFY2(lock->text().contains(QStringLiteral("Inspector")), qPrintable(lock->text()));
    const auto lanes = editor.findChildren<ui::LevelLane*>();
    QVERIFY(!lanes.isEmpty());
    for (auto* lane : lanes) QVERIFY(!lane->acceptDrops());
    // A MemExplorer device's hierarchy stays its own.
    ui::ProjectDocument npu(lib, baseProject(lib));
    ui::HierarchyEditor own;
    own.setDocument(&npu, nullptr);
    QVERIFY(!own.findChild<QLabel*>(QStringLiteral("MemoryLock")));
  }

  void droppingATechnologyAddsItAndUndoRestores() {
    ui::ProjectDocument doc(lib, baseProject(lib));
    ui::SelectionModel selection;
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, &selection);
    editor.resize(900, 600);
    editor.show();
    QCOMPARE(editor.devices().size(), std::size_t(1));
    const double before = doc.system().groups[0].device.memory.offChipCapacity().value();

    // HBM4 dropped on the "new level" lane opens L2.
    auto* newLevel = editor.devices()[0]->lanes().back();
    QVERIFY(test::dropOn(newLevel, memoryMime("hbm4-12h")));
    QCOMPARE(doc.system().groups[0].device.memory.offChip.size(), std::size_t(2));
    QCOMPARE(doc.system().groups[0].device.memory.offChip[1].parts[0].technology.id, std::string("hbm4-12h"));
    QVERIFY(doc.system().groups[0].device.memory.offChipCapacity().value() > before);
    QVERIFY(doc.isModified());
    QVERIFY(doc.project().system.preset.empty()); // edited: saved inline from now on
    // The lanes follow (after the deferred rebuild).
    QTRY_COMPARE(editor.devices()[0]->lanes().size(), std::size_t(4));

    doc.undoStack()->undo();
    QCOMPARE(doc.system().groups[0].device.memory.offChip.size(), std::size_t(1));
    QCOMPARE(doc.system().groups[0].device.memory.offChipCapacity().value(), before);
    QCOMPARE(doc.project().system.preset, std::string("memexplorer/base"));
    QVERIFY(!doc.isModified());
    QTRY_COMPARE(editor.devices()[0]->lanes().size(), std::size_t(3));
    doc.undoStack()->redo();
    QCOMPARE(doc.system().groups[0].device.memory.offChip.size(), std::size_t(2));
  }

  void offChipMemoryIsRefusedOnChip() {
    ui::ProjectDocument doc(lib, baseProject(lib));
    ui::SelectionModel selection;
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, &selection);
    auto* onChip = editor.devices()[0]->lanes().front();
    QVERIFY(!test::dropOn(onChip, memoryMime("hbm3e-8h")));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(test::dropOn(onChip, memoryMime("sram-3d")));
    QCOMPARE(doc.system().groups[0].device.memory.onChip.parts.size(), std::size_t(2));
  }

  void aPartDraggedToAnotherLevelMoves() {
    ui::ProjectDocument doc(lib, baseProject(lib));
    ui::SelectionModel selection;
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, &selection);
    editor.addTechnology(0, 1, QStringLiteral("lpddr5x"));
    QTRY_COMPARE(editor.devices()[0]->lanes()[1]->chips().size(), std::size_t(2));
    // Drag the LPDDR5X chip (L1, part 1) to the new-level lane: it becomes L2.
    auto* mime = new QMimeData;
    mime->setData(ui::kPartMimeType, "0/1/1");
    mime->setText(QStringLiteral("lpddr5x"));
    QVERIFY(test::dropOn(editor.devices()[0]->lanes().back(), mime, {5, 5}, Qt::MoveAction));
    const auto& m = doc.system().groups[0].device.memory;
    QCOMPARE(m.offChip.size(), std::size_t(2));
    QCOMPARE(m.offChip[1].parts[0].technology.id, std::string("lpddr5x"));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.system().groups[0].device.memory.offChip.size(), std::size_t(1));
  }

  void countsChangeInPlaceAndMergeIntoOneStep() {
    ui::ProjectDocument doc(lib, baseProject(lib));
    ui::SelectionModel selection;
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, &selection);
    auto* box = editor.devices()[0]->lanes()[1]->chips()[0]->countBox();
    QCOMPARE(box->value(), 4);
    box->setValue(5);
    QTRY_VERIFY(editor.devices()[0]->lanes()[1]->chips()[0]->countBox() != box); // rebuilt
    editor.devices()[0]->lanes()[1]->chips()[0]->countBox()->setValue(6);
    QCOMPARE(doc.system().groups[0].device.memory.offChip[0].parts[0].count, 6);
    QCOMPARE(doc.undoStack()->count(), 1); // two steps of one field: one undo
    // The history names the part, its level and its device.
    const auto& part = doc.system().groups[0].device.memory.offChip[0].parts[0];
    QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Set the count of %1 at L1 of %2 to 6")
                                           .arg(QString::fromStdString(part.technology.name), QString::fromStdString(doc.system().groups[0].device.name)));
    doc.undoStack()->undo();
    QCOMPARE(doc.system().groups[0].device.memory.offChip[0].parts[0].count, 4);
  }

  // Issue 35: a device count edited (here or in the inspector) changes in place: the lanes stay,
  // with their focus; anything else the lanes draw rebuilds them.
  void aDeviceCountChangesInPlace() {
    ui::ProjectDocument doc(lib, baseProject(lib));
    ui::SelectionModel selection;
    ui::HierarchyEditor editor;
    editor.setDocument(&doc, &selection);
    auto* lane = editor.devices()[0];
    auto* count = lane->findChild<QSpinBox*>();
    QVERIFY(count);
    const int width = count->width();
    doc.edit(QStringLiteral("count"), [](Project& p) { p.system.system.groups[0].count = 1; });
    QTest::qWait(10);
    QCOMPARE(editor.devices()[0], lane);
    QCOMPARE(count->value(), 1);
    QCOMPARE(count->suffix(), QStringLiteral(" device"));
    QCOMPARE(count->width(), width); // one width for every count: nothing else moves
    QCOMPARE(doc.undoStack()->count(), 1); // showing the count made no edit
    doc.edit(QStringLiteral("name"), [](Project& p) { p.system.system.groups[0].device.name = "renamed"; });
    QTRY_VERIFY(editor.devices()[0] != lane);
  }
};

QTEST_MAIN(TestHierarchyEditor)
#include "tst_hierarchy_editor.moc"
