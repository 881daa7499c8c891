// SPDX-License-Identifier: GPL-3.0-or-later
// The package composer driven with drops on its floorplan: the DUET packages as shipped, an
// interposer grown past its limit, parts moved and removed, all undoable.

#include "core/compute/arrays/array_spec.h"
#include "core/device/resolved_device.h"
#include "core/edit/package_edits.h"
#include "core/io/preset_library.h"
#include "tests/widgets/support/drop.h"
#include "tests/widgets/support/projects.h"
#include "widgets/document/project_document.h"
#include "widgets/package/floorplan_view.h"
#include "widgets/package/package_composer.h"

#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QTest>
#include <QWheelEvent>
#include <QUndoStack>

using namespace llmwb;

namespace {
Project duetProject(const PresetLibrary& lib) { return test::projectOf(lib, "duet/system", "nemotron-h-56b", "arxiv"); }

int items(const PackageSpec& p, FloorplanItem::Kind k) {
  int n = 0;
  for (const auto& f : p.floorplan) n += f.kind == k;
  return n;
}
} // namespace

class TestPackageComposer : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void showsTheDuetPackagesAsDesigned() {
    ui::ProjectDocument doc(lib, duetProject(lib));
    ui::SelectionModel selection;
    ui::PackageComposer composer;
    composer.setDocument(&doc, &selection);
    QVERIFY(composer.group().has_value());
    const auto& prefill = *doc.system().groups[*composer.group()].device.package;
    QCOMPARE(items(prefill, FloorplanItem::Kind::Compute), 16);
    QCOMPARE(items(prefill, FloorplanItem::Kind::MemoryPhy), 12);
    QCOMPARE(items(prefill, FloorplanItem::Kind::Gddr), 24);
    QVERIFY(composer.violations().isEmpty());
    composer.showGroup(1);
    const auto& decode = *doc.system().groups[1].device.package;
    QCOMPARE(items(decode, FloorplanItem::Kind::Compute), 8);
    QCOMPARE(items(decode, FloorplanItem::Kind::Hbm), 12);
    QVERIFY(composer.violations().isEmpty());
  }

  // Issue 12 item 10: in a small pane the labels stay legible (the package scrolls), and
  // Ctrl+wheel zooms.
  void theFloorplanStaysLegibleAndZooms() {
    ui::ProjectDocument doc(lib, duetProject(lib));
    ui::PackageComposer composer;
    composer.setDocument(&doc, nullptr);
    composer.resize(500, 260);
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    auto* view = composer.view();
    QVERIFY(view->zoom() >= ui::FloorplanView::kLegibleScale - 1e-9);
    const double before = view->zoom();
    const QPointF at = view->viewport()->rect().center();
    QWheelEvent in(at, view->viewport()->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &in);
    QVERIFY(view->zoom() > before * 1.1);
    composer.resize(520, 280); // a resize keeps the user's zoom
    QCoreApplication::processEvents();
    QVERIFY(view->zoom() > before * 1.1);
    QTest::keyClick(view, Qt::Key_0, Qt::ControlModifier); // fits again
    QVERIFY(view->zoom() < before * 1.1);
  }

  // Tile labels stay legible: a name too long for a narrow tile (two GDDR7 devices in a cell)
  // takes its short form, upright, at no less than 60 % of its size (it was 30 %, about 2 px).
  void tileLabelsAreLegible() {
    ui::ProjectDocument doc(lib, duetProject(lib));
    ui::PackageComposer composer;
    composer.setDocument(&doc, nullptr);
    composer.resize(1000, 700);
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    int labels = 0;
    for (auto* item : composer.view()->scene()->items()) {
      auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
      if (!text || !text->parentItem() || text->text().isEmpty()) continue;
      ++labels;
      QVERIFY2(text->scale() >= 0.6, qPrintable(QStringLiteral("\"%1\" drawn at %2 of its size").arg(text->text()).arg(text->scale())));
      // The label lies inside its tile.
      QVERIFY2(text->parentItem()->sceneBoundingRect().adjusted(-1, -1, 1, 1).contains(text->sceneBoundingRect()), qPrintable(text->text()));
    }
    QVERIFY(labels > 10);
  }

  void anOversizedInterposerIsFlagged() {
    ui::ProjectDocument doc(lib, duetProject(lib));
    ui::SelectionModel selection;
    ui::PackageComposer composer;
    composer.resize(1000, 700);
    composer.show();
    composer.setDocument(&doc, &selection);
    composer.showGroup(1); // the decode package: 8 compute chiplets, 12 HBM3E stacks
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    auto* view = composer.view();
    // Drop HBM4 stacks into free cells of the ring above the package until it no longer fits.
    int dropped = 0;
    for (int column = 0; column < 6 && composer.violations().isEmpty(); ++column) {
      const QPoint at = view->cellCentre(-1, column);
      auto* mime = ui::toMimeData({ui::PaletteEntry::Kind::Preset, PresetKind::MemoryTechnology, QStringLiteral("hbm3e-8h")});
      QVERIFY(test::dropOn(view->viewport(), mime, at));
      QTRY_VERIFY(!doc.undoStack()->isClean());
      QTest::qWait(1); // the composer refreshes after the edit
      QCoreApplication::processEvents();
      ++dropped;
    }
    QVERIFY(!composer.violations().isEmpty());
    QVERIFY2(composer.violations().join(' ').contains(QStringLiteral("interposer")), qPrintable(composer.violations().join(' ')));
    QCOMPARE(doc.system().groups[1].device.package->memory[0].part.count, 12 + dropped);
    // Undo every drop: the package fits again.
    while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
    QCoreApplication::processEvents();
    QTRY_VERIFY(composer.violations().isEmpty());
    QCOMPARE(doc.system().groups[1].device.package->memory[0].part.count, 12);
  }

  void chipletsAddMoveAndRemove() {
    ui::ProjectDocument doc(lib, duetProject(lib));
    ui::SelectionModel selection;
    ui::PackageComposer composer;
    composer.setDocument(&doc, &selection);
    const double memoryBefore = resolvedDevice(doc.system().groups[1].device).memory.offChipCapacity().value();
    composer.showGroup(1);
    QVERIFY(composer.dropEntry({ui::PaletteEntry::Kind::ComputeChiplet, PresetKind::Device, "compute"}, 0, 5, std::nullopt));
    QCOMPARE(doc.system().groups[1].device.package->computeChiplets, 9);
    // The device's compute follows its package.
    const auto arrays = resolvedDevice(doc.system().groups[1].device).compute.as<ArrayComputeSpec>();
    QVERIFY(arrays.vector && arrays.vector->arrays % 9 == 0);
    // A taken cell refuses a move, and nothing changes.
    const auto& plan = doc.system().groups[1].device.package->floorplan;
    const int steps = doc.undoStack()->count();
    QVERIFY(!composer.moveItem(0, plan[1].row, plan[1].column));
    QCOMPARE(doc.undoStack()->count(), steps);
    QVERIFY(composer.removeItem(plan.size() - 1));
    QCOMPARE(doc.system().groups[1].device.package->computeChiplets, 8);
    QCOMPARE(resolvedDevice(doc.system().groups[1].device).memory.offChipCapacity().value(), memoryBefore);
  }
};

QTEST_MAIN(TestPackageComposer)
#include "tst_package_composer.moc"
