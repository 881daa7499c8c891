// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35: every results tab of every shipped project, with each group's own engine and with the
// roofline engine, shows what the engine computed or says in one line what it did not: no panel
// without bars or a note, no phase without roofline points or a note, no dummy axes.
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/document/project_document.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/roofline_data.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/views/view_registry.h"

#include <QComboBox>
#include <QDir>
#include <QTest>
#include <QWidget>

#include <algorithm>

using namespace llmwb;

namespace {
/// Every panel has a bar above zero, or says why it has none.
QString blankPanel(const ui::BreakdownData& data) {
  for (const auto& panel : data.panels) {
    if (!panel.note.isEmpty()) continue;
    bool any = false;
    for (const auto& s : panel.series) any |= std::any_of(s.values.begin(), s.values.end(), [](double v) { return v > 0; });
    if (!any) return panel.title;
  }
  return {};
}
} // namespace

class TestEveryView : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void everyTabOfEveryProjectOnItsOwnEngineAndTheRoofline() {
    const QStringList projects = QDir(QStringLiteral(LLMWB_TEST_PRESETS "/projects")).entryList({QStringLiteral("*.llmwb")});
    QCOMPARE(projects.size(), 5);
    ui::ViewHost host{&lib};
    int drawn = 0;
    for (const auto& file : projects)
      for (bool roofline : {false, true}) {
        auto project = readProject((QStringLiteral(LLMWB_TEST_PRESETS "/projects/") + file).toStdString(), lib);
        project.exploration.reset();
        if (roofline)
          for (auto& g : project.system.system.groups) g.device.engine = "roofline";
        const QString what = file + (roofline ? QStringLiteral(" on the roofline") : QString());
        const auto results = ui::EvaluationRunner::run(ui::evaluationRequest(project, lib));
        QVERIFY2(results && results->main, qPrintable(what));
        if (!results->main->feasible) continue; // the summary says why; nothing else to draw
        ++drawn;
        for (const auto& data : {ui::classBreakdown(*results->main, {}), ui::memoryBreakdown(*results->main, {})}) {
          QVERIFY2(!data.panels.empty(), qPrintable(what + ": " + data.name));
          const QString blank = blankPanel(data);
          QVERIFY2(blank.isEmpty(), qPrintable(what + ": " + data.name + " panel \"" + blank + "\" is blank"));
        }
        QVERIFY(results->roofline);
        for (auto phase : {ui::Phase::Prefill, ui::Phase::Decode}) {
          const auto& r = *results->roofline;
          const bool points = std::any_of(r.operators.begin(), r.operators.end(), [&](const auto& o) { return o.phase == phase; });
          const bool note = std::any_of(r.notes.begin(), r.notes.end(), [&](const auto& n) { return n.first == phase; });
          QVERIFY2(points || note, qPrintable(what + ": a roofline phase with neither points nor a note"));
        }
        for (const auto& type : ui::builtinViews().views()) {
          if (!type.applies(*results)) continue;
          auto view = type.build(host);
          view->setResults(results);
          QVERIFY2(view->widget(), qPrintable(what + ": " + QString::fromStdString(type.id)));
        }
        // Engine views: only where an engine made their detail product.
        const bool npu = file.startsWith(QStringLiteral("npusim")) && !roofline;
        QCOMPARE(ui::builtinViews().find("npusim-chip")->applies(*results), npu);
        const bool snake = file.startsWith(QStringLiteral("snake")) && !roofline;
        QCOMPARE(ui::builtinViews().find("snake-die")->applies(*results), snake);
      }
    QCOMPARE(drawn, 2 * int(projects.size())); // every project fits, on its engines and on the roofline
  }

  void aProjectWithoutADesignSpaceSaysSo() {
    ui::ProjectDocument doc(lib, readProject(LLMWB_TEST_PRESETS "/projects/npusim-small-256.llmwb", lib));
    ui::ViewHost host{&lib};
    auto view = ui::builtinViews().find("explore")->build(host);
    view->setDocument(&doc);
    auto* space = view->widget()->findChild<QComboBox*>();
    QVERIFY(space);
    QCOMPARE(space->currentText(), QStringLiteral("none in this project"));
    for (auto* w : view->widget()->findChildren<QWidget*>())
      if (w->inherits("QCustomPlot")) QVERIFY2(w->isHidden() || !w->isVisibleTo(view->widget()), "an empty plot is shown");
  }
};

QTEST_MAIN(TestEveryView)
#include "tst_every_view.moc"
