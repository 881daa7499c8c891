// SPDX-License-Identifier: GPL-3.0-or-later
// The inspector's fields come from the parameter tables: units, ranges, choices, "fill", and edits
// that go through the document (undoable, refused when fields disagree).
#include "core/compute/arrays/array_spec.h"
#include "core/compute/plena/plena_spec.h"
#include "core/engine/npusim/parallelism.h"
#include "tests/widgets/support/projects.h"
#include "widgets/document/project_document.h"
#include "widgets/inspector/inspector.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

using namespace llmwb;

namespace {
/// Runs the inspector's queued rebuild.
void settle() { QTest::qWait(10); }

/// A document over a system preset with its first device group shown in an inspector.
struct Inspected {
  Inspected(const PresetLibrary& lib, const std::string& system, const std::string& model, const std::string& workload)
      : doc(lib, test::projectOf(lib, system, model, workload)) {
    inspector.setDocument(&doc, &selection);
    selection.select({ui::Selection::Kind::Device, 0, 0, 0});
    settle();
  }
  ui::ProjectDocument doc;
  ui::SelectionModel selection;
  ui::Inspector inspector;
};
} // namespace

class TestInspector : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void plenaFieldsEditTheDocument() {
    Inspected t(lib, "memexplorer/p1", "llama-3.1-8b", "osworld");
    auto& doc = t.doc;
    auto& inspector = t.inspector;

    auto* mlen = inspector.findChild<QSpinBox*>(QStringLiteral("MLEN"));
    QVERIFY(mlen);
    QCOMPARE(mlen->suffix(), QStringLiteral(" PEs"));
    QCOMPARE(mlen->value(), doc.system().groups[0].device.compute.as<PlenaComputeSpec>().mlen);
    mlen->setValue(1024);
    QCOMPARE(doc.system().groups[0].device.compute.as<PlenaComputeSpec>().mlen, 1024);
    QCOMPARE(doc.undoStack()->count(), 1);
    // The edit history says which device: "Set MLEN of MemExplorer P1 (prefill) to 1024".
    QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Set MLEN of %1 to 1024").arg(QString::fromStdString(doc.system().groups[0].device.name)));
    settle();

    // MLEN % BLEN must stay 0: the edit is refused and nothing changes.
    auto* blen = inspector.findChild<QSpinBox*>(QStringLiteral("BLEN"));
    QVERIFY(blen);
    const int blenBefore = blen->value();
    blen->setValue(100);
    QCOMPARE(doc.system().groups[0].device.compute.as<PlenaComputeSpec>().blen, blenBefore);
    settle();

    auto* frequency = inspector.findChild<QDoubleSpinBox*>(QStringLiteral("Frequency"));
    QVERIFY(frequency);
    QCOMPARE(frequency->suffix(), QStringLiteral(" MHz"));
    frequency->setValue(1500);
    QCOMPARE(doc.system().groups[0].device.compute.as<PlenaComputeSpec>().frequency.value(), units::megahertz(1500).value());
    settle();

    // Shares are shown in percent.
    auto* staticShare = inspector.findChild<QDoubleSpinBox*>(QStringLiteral("Static power share"));
    QVERIFY(staticShare);
    QCOMPARE(staticShare->suffix(), QStringLiteral(" %"));
    staticShare->setValue(25);
    QCOMPARE(doc.system().groups[0].device.power.staticFraction, 0.25);
    settle();

    auto* dataflow = inspector.findChild<QComboBox*>(QStringLiteral("Dataflow"));
    QVERIFY(dataflow);
    dataflow->setCurrentText(QStringLiteral("OS"));
    QVERIFY(doc.system().groups[0].device.strategy.dataflow == Dataflow::OutputStationary);
  }

  // A device group's engine: its compute kind's own (calibrated) one or the roofline, undoable;
  // the device names an engine only where the system would not pick it anyway.
  // A selected part that is gone (a drop undone) shows its device's form, not an empty inspector.
  void aPartThatIsGoneShowsItsDevice() {
    Inspected t(lib, "memexplorer/base", "llama-3.3-70b", "osworld");
    t.doc.edit("add L2", [](Project& p) { p.system.system.groups[0].device.memory.offChip.push_back(p.system.system.groups[0].device.memory.offChip[0]); });
    t.selection.select({ui::Selection::Kind::Part, 0, 2, 0}); // the new level's part
    settle();
    QVERIFY(t.inspector.findChild<QSpinBox*>(QStringLiteral("Count")));
    t.doc.undoStack()->undo();
    settle();
    auto* name = t.inspector.findChild<QLineEdit*>(QStringLiteral("Name"));
    QVERIFY2(name && name->text() == QString::fromStdString(t.doc.system().groups[0].device.name), "no device form after the undo");
  }

  void engineChoiceSwitchesToTheRooflineAndBack() {
    Inspected t(lib, "gpu/h100", "llama-3.1-8b", "chat");
    auto* engine = t.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    QVERIFY(engine);
    QCOMPARE(engine->currentText(), QStringLiteral("gpu"));
    QCOMPARE(engine->count(), 2);
    engine->setCurrentText(QStringLiteral("roofline"));
    QCOMPARE(t.doc.system().groups[0].device.engine, std::string("roofline"));
    QCOMPARE(t.doc.undoStack()->count(), 1);
    settle();
    engine = t.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    QCOMPARE(engine->currentText(), QStringLiteral("roofline"));
    engine->setCurrentText(QStringLiteral("gpu"));
    QVERIFY(t.doc.system().groups[0].device.engine.empty());
    t.doc.undoStack()->undo();
    QCOMPARE(t.doc.system().groups[0].device.engine, std::string("roofline"));

    // The paper's GPU model names the roofline on the system: choosing gpu puts it on the device.
    Inspected duplex(lib, "gpu/h100x8-duplex", "llama-3.3-70b", "chat");
    engine = duplex.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    QVERIFY(engine);
    QCOMPARE(engine->currentText(), QStringLiteral("roofline"));
    engine->setCurrentText(QStringLiteral("gpu"));
    QCOMPARE(duplex.doc.system().groups[0].device.engine, std::string("gpu"));
  }

  // Issue 35: the engines are offered from the registry (those that model the device's compute
  // kind), and the fields the group's engine does not read are disabled with the reason.
  void theEngineChoiceAndIgnoredFieldsComeFromTheEnginesDescriptor() {
    Inspected t(lib, "npusim/small-256", "qwen3-14b", "chat");
    auto* engine = t.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    QVERIFY(engine);
    QStringList options;
    for (int i = 0; i < engine->count(); ++i) options << engine->itemText(i);
    QCOMPARE(options, QStringList({QStringLiteral("npusim"), QStringLiteral("roofline")}));
    auto* dataflow = t.inspector.findChild<QComboBox*>(QStringLiteral("Dataflow"));
    QVERIFY(dataflow);
    QVERIFY(!dataflow->isEnabled());
    QVERIFY2(dataflow->toolTip().contains(QStringLiteral("Not read by the npusim engine")), qPrintable(dataflow->toolTip()));
    auto* weights = t.inspector.findChild<QComboBox*>(QStringLiteral("Weights"));
    QVERIFY(weights);
    QVERIFY(weights->isEnabled()); // the engine reads the weights' format
    // On the roofline the strategy's storage priority is read again (placement), the dataflow is not.
    engine->setCurrentText(QStringLiteral("roofline"));
    settle();
    auto* storage = t.inspector.findChild<QComboBox*>(QStringLiteral("Storage priority"));
    QVERIFY(storage);
    QVERIFY(storage->isEnabled());
    dataflow = t.inspector.findChild<QComboBox*>(QStringLiteral("Dataflow"));
    QVERIFY(dataflow && !dataflow->isEnabled());
  }

  // Issue 35: an edit that leaves the form's rows as they are (a value changed, here or in another
  // editor) updates the fields in place: the same widgets, the new values, no edit of their own;
  // the "(not read)" marks follow the engine either way.
  void aFormKeepsItsFieldsWhenOnlyValuesChange() {
    Inspected t(lib, "npusim/small-256", "qwen3-14b", "chat");
    auto* devices = t.inspector.findChild<QSpinBox*>(QStringLiteral("Devices"));
    QVERIFY(devices);
    t.doc.edit(QStringLiteral("count"), [](Project& p) { p.system.system.groups[0].count = 3; });
    settle();
    QCOMPARE(t.inspector.findChild<QSpinBox*>(QStringLiteral("Devices")), devices);
    QCOMPARE(devices->value(), 3);
    QCOMPARE(t.doc.undoStack()->count(), 1);
    auto labelOf = [&](QWidget* field) {
      auto* form = qobject_cast<QFormLayout*>(t.inspector.widget()->layout());
      auto* label = form ? qobject_cast<QLabel*>(form->labelForField(field)) : nullptr;
      return label ? label->text() : QString();
    };
    auto* dataflow = t.inspector.findChild<QComboBox*>(QStringLiteral("Dataflow"));
    QCOMPARE(labelOf(dataflow), QStringLiteral("Dataflow (not read)"));
    auto* engine = t.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    engine->setCurrentText(QStringLiteral("roofline"));
    settle();
    engine = t.inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    engine->setCurrentText(QStringLiteral("npusim"));
    settle();
    dataflow = t.inspector.findChild<QComboBox*>(QStringLiteral("Dataflow"));
    QCOMPARE(labelOf(dataflow), QStringLiteral("Dataflow (not read)")); // marked once, not twice
    QVERIFY(!dataflow->isEnabled());
    auto* storage = t.inspector.findChild<QComboBox*>(QStringLiteral("Storage priority"));
    QVERIFY(storage);
    QCOMPARE(labelOf(storage).endsWith(QStringLiteral("(not read)")), !storage->isEnabled());
    // A name finished unchanged edits nothing (the field compares with the document's value).
    auto* name = t.inspector.findChild<QLineEdit*>(QStringLiteral("Name"));
    QVERIFY(name);
    const int steps = t.doc.undoStack()->count();
    emit name->editingFinished();
    QCOMPARE(t.doc.undoStack()->count(), steps);
  }

  // Issue 35: a field's undo merge key comes from where it is and what it sets: the device form's
  // first spin box and the part form's (they shared a positional key) are two undo steps.
  void differentFieldsNeverMergeIntoOneUndoStep() {
    Inspected t(lib, "memexplorer/p1", "llama-3.1-8b", "osworld");
    auto* devices = t.inspector.findChild<QSpinBox*>(QStringLiteral("Devices"));
    QVERIFY(devices);
    devices->setValue(devices->value() + 1);
    QCOMPARE(t.doc.undoStack()->count(), 1);
    devices->setValue(devices->value() + 1); // the same field again: merged
    QCOMPARE(t.doc.undoStack()->count(), 1);
    t.selection.select({ui::Selection::Kind::Part, 0, 1, 0});
    settle();
    auto* count = t.inspector.findChild<QSpinBox*>(QStringLiteral("Count"));
    QVERIFY(count);
    count->setValue(count->value() + 1);
    QCOMPARE(t.doc.undoStack()->count(), 2);
    QCOMPARE(ui::ProjectDocument::mergeKey(QStringLiteral("device/0/Devices/")),
             ui::ProjectDocument::mergeKey(QStringLiteral("device/0/Devices/")));
    QVERIFY(ui::ProjectDocument::mergeKey(QStringLiteral("device/0/Devices/")) !=
            ui::ProjectDocument::mergeKey(QStringLiteral("part/0/1/0/Count/")));
  }

  void packageArraysMayFillTheChiplet() {
    Inspected t(lib, "duet/system", "nemotron-h-56b", "arxiv");
    auto& doc = t.doc;
    auto& inspector = t.inspector;
    const auto arrays = [&] {
      const auto& c = doc.system().groups[0].device.package->computeChiplet;
      return c.systolic ? c.systolic->arrays : c.vector->arrays;
    };
    const QString name = doc.system().groups[0].device.package->computeChiplet.systolic ? QStringLiteral("Systolic arrays / chiplet")
                                                                                        : QStringLiteral("Vector-unit arrays / chiplet");
    auto* count = inspector.findChild<QSpinBox*>(name);
    QVERIFY(count);
    QCOMPARE(count->specialValueText(), QStringLiteral("fill"));
    count->setValue(3);
    QCOMPARE(arrays(), 3);
    settle();
    count = inspector.findChild<QSpinBox*>(name);
    QVERIFY(count);
    QCOMPARE(count->value(), 3);
    count->setValue(count->minimum());
    QCOMPARE(arrays(), kFillArrays);
  }

  void npusimParallelismAndSnakeComputeAreEditable() {
    {
      // The system's parallelism block shows with the project's fields.
      Inspected t(lib, "npusim/large-64", "qwen3-4b", "chat");
      t.selection.select({ui::Selection::Kind::Project, 0, 0, 0});
      settle();
      auto* tp = t.inspector.findChild<QSpinBox*>(QStringLiteral("TP"));
      QVERIFY(tp);
      QCOMPARE(tp->value(), parallelismOf(t.doc.system())->tp);
      tp->setValue(8);
      QCOMPARE(parallelismOf(t.doc.system())->tp, 8);
    }
    {
      // The snake kind's fields come from its parameter table like every other kind's.
      Inspected t(lib, "snake/snake-decode", "opt-66b", "chat");
      auto* pus = t.inspector.findChild<QSpinBox*>(QStringLiteral("PUs"));
      QVERIFY(pus);
      QCOMPARE(pus->value(), 16);
      QVERIFY(t.inspector.findChild<QSpinBox*>(QStringLiteral("Cores per PU")));
    }
  }
};

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
