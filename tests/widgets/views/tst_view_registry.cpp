// SPDX-License-Identifier: GPL-3.0-or-later
// The result views are registered once: the window's tabs and the exported figures both come from
// the registry, fed by the same ProjectResults; the roofline view shows the engine's roofline from
// the result (group indices, no second engine run).
#include "core/io/preset_library.h"
#include "widgets/export/project_export.h"
#include "widgets/evaluation/roofline_data.h"
#include "widgets/views/view_registry.h"

#include <QTest>
#include <QWidget>

using namespace llmwb;

class TestViewRegistry : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void builtinViewsInTabOrder() {
    QStringList ids, titles;
    for (const auto& v : ui::builtinViews().views()) {
      ids << QString::fromStdString(v.id);
      titles << v.title;
    }
    QCOMPARE(ids, (QStringList{"summary", "roofline", "breakdown", "explore", "serving", "npusim-chip", "snake-die"}));
    QCOMPARE(titles, (QStringList{"Summary and comparison", "Roofline", "Breakdown", "Explore", "Serving", "NPU chip", "Snake die"}));
    QVERIFY(ui::builtinViews().find("serving"));
    QVERIFY(!ui::builtinViews().find("nope"));
  }

  void aRepeatedIdIsRefused() {
    ui::ViewRegistry r;
    ui::ViewType v;
    v.id = "x";
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, r.add(v)); // no build()
    v.build = [](const ui::ViewHost&) -> std::unique_ptr<ui::ResultView> { return nullptr; };
    r.add(v);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, r.add(v));
  }

  void everyViewIsBuiltAndFedTheSameResults() {
    const auto project = readProject(LLMWB_TEST_PRESETS "/projects/duet-b200.llmwb", lib);
    const auto results = ui::EvaluationRunner::run(ui::evaluationRequest(project, lib));
    // The roofline came with the evaluation, with group indices into the system.
    QVERIFY(!results->main->roofline.empty());
    for (const auto& c : results->roofline->ceilings) QVERIFY(c.group >= 0 && c.group < int(project.system.system.groups.size()));
    QVERIFY(!results->roofline->operators.empty());
    const ui::ViewHost host{&lib};
    for (const auto& type : ui::builtinViews().views()) {
      auto view = type.build(host);
      QVERIFY(view && view->widget());
      // The chip views apply to npusim and NMP systems only; they are still fed (and show nothing).
      const bool chipView = type.id == "npusim-chip" || type.id == "snake-die";
      QCOMPARE(type.applies(*results), !chipView);
      view->setResults(results);
      delete view->widget();
    }
  }

  void exportedStemsComeFromTheViews() {
    auto project = readProject(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb", lib);
    project.exploration.reset();
    const auto plain = ui::computeProjectFigures(project, lib);
    QCOMPARE(ui::figureStems(plain), (QStringList{"roofline", "roofline-prefill", "roofline-decode", "breakdown-class",
                                                  "breakdown-memory"}));
    ui::ServingSettings serving;
    serving.rates = {0.05, 0.1};
    serving.requests = 12;
    const auto withServing = ui::computeProjectFigures(project, lib, {}, serving);
    QVERIFY(withServing.serving);
    QCOMPARE(withServing.serving->curves.size(), std::size_t(1 + project.comparisons.size()));
    QCOMPARE(ui::figureStems(withServing).mid(5),
             (QStringList{"serving-ttft", "serving-tbt", "serving-e2e", "serving-timeline"}));
  }
};

QTEST_MAIN(TestViewRegistry)
#include "tst_view_registry.moc"
