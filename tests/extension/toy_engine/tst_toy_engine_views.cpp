// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35: the toy engine (this folder only) is offered by the inspector, and the views it has no
// data for say "not modelled by the toy engine" instead of a blank or zero-filled plot.
#include "tests/widgets/support/projects.h"
#include "widgets/document/project_document.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/roofline_data.h"
#include "widgets/inspector/inspector.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/plots/roofline_plot.h"
#include "widgets/views/view_registry.h"

#include <QComboBox>
#include <QTest>

using namespace llmwb;

class TestToyEngineViews : public QObject {
  Q_OBJECT
  const PresetLibrary lib{{LLMWB_TEST_PRESETS}};

private slots:
  void theInspectorOffersIt() {
    ui::ProjectDocument doc(lib, test::projectOf(lib, "gpu/h100", "llama-3.1-8b", "chat"));
    ui::SelectionModel selection;
    ui::Inspector inspector;
    inspector.setDocument(&doc, &selection);
    selection.select({ui::Selection::Kind::Device, 0, 0, 0});
    QTest::qWait(10);
    auto* engine = inspector.findChild<QComboBox*>(QStringLiteral("Engine"));
    QVERIFY(engine);
    QVERIFY(engine->findText(QStringLiteral("toy")) >= 0);
    engine->setCurrentText(QStringLiteral("toy"));
    QCOMPARE(doc.system().groups[0].device.engine, std::string("toy"));
  }

  void viewsItHasNoDataForSaySo() {
    auto project = test::projectOf(lib, "gpu/h100", "llama-3.1-8b", "chat");
    project.system.system.groups[0].device.engine = "toy";
    const auto results = ui::EvaluationRunner::run(ui::evaluationRequest(project, lib));
    QVERIFY(results && results->main && results->main->feasible);
    const auto classes = ui::classBreakdown(*results->main, QStringLiteral("toy"));
    const auto memory = ui::memoryBreakdown(*results->main, QStringLiteral("toy"));
    for (const auto* data : {&classes, &memory}) {
      QVERIFY(!data->panels.empty());
      for (const auto& panel : data->panels)
        QVERIFY2(panel.note.startsWith(QStringLiteral("Not modelled by the toy engine: a toy reports phase totals only")),
                 qPrintable(panel.title + QStringLiteral(": ") + panel.note));
    }
    QVERIFY(results->roofline);
    QCOMPARE(results->roofline->notes.size(), std::size_t(2)); // prefill and decode
    QVERIFY(results->roofline->notes.front().second.contains(QStringLiteral("toy engine")));
    // The plots draw the note where the bars and points would be ($LLMWB_TEST_SHOTS: a folder for
    // pictures of them, to look at).
    ui::RooflinePlot roofline;
    roofline.resize(900, 560);
    roofline.setData(*results->roofline);
    roofline.replot();
    bool noted = false;
    for (int i = 0; i < roofline.itemCount(); ++i) noted |= roofline.item(i)->objectName() == QStringLiteral("NotModelled");
    QVERIFY(noted);
    ui::BreakdownPlot bars;
    bars.resize(900, 560);
    bars.setData(classes);
    bars.replot();
    if (const QByteArray dir = qgetenv("LLMWB_TEST_SHOTS"); !dir.isEmpty()) {
      roofline.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/toy-roofline.png"));
      bars.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/toy-breakdown.png"));
    }
    // Every registered view takes the results without failing.
    ui::ViewHost host{&lib};
    for (const auto& type : ui::builtinViews().views()) {
      auto view = type.build(host);
      view->setResults(results);
      QVERIFY(view->widget());
    }
  }
};

QTEST_MAIN(TestToyEngineViews)
#include "tst_toy_engine_views.moc"
