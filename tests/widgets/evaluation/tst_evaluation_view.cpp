// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/common/format.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/evaluation/summary_card.h"
#include "widgets/results/comparison_table.h"

#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace llmwb;

namespace {
/// The results of `design` (named `name`) compared with `others` ({preset id, name}), all running
/// `model` on `workload`.
std::shared_ptr<ui::ProjectResults> compared(const PresetLibrary& lib, const char* model, const char* workload,
                                             const char* design, std::string name,
                                             const std::vector<std::pair<const char*, std::string>>& others) {
  auto run = [&](const char* system) {
    return std::make_shared<const EvaluationResult>(evaluate(lib.system(system), lib.model(model), lib.workload(workload)));
  };
  auto results = std::make_shared<ui::ProjectResults>();
  results->main = run(design);
  results->name = std::move(name);
  for (const auto& [id, label] : others) {
    results->comparisons.push_back(run(id));
    results->comparisonNames.push_back(label);
  }
  return results;
}
} // namespace

class TestEvaluationView : public QObject {
  Q_OBJECT
private slots:
  // Figures side by side keep one precision: "0.100" beside "0.0161", not "0.1".
  void numbersKeepTheirSignificantZeros() {
    QCOMPARE(ui::formatNumber(0.1), QStringLiteral("0.100"));
    QCOMPARE(ui::formatNumber(0.0161), QStringLiteral("0.0161"));
    QCOMPARE(ui::formatNumber(34.7), QStringLiteral("34.7"));
    QCOMPARE(ui::formatNumber(2.0), QStringLiteral("2.00"));
    QCOMPARE(ui::formatNumber(0.0), QStringLiteral("0"));
  }

  void runnerEvaluatesInTheBackground() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::EvaluationRunner runner;
    QSignalSpy done(&runner, &ui::EvaluationRunner::finished);
    runner.request({lib.system("memexplorer/d1"), lib.model("llama-3.3-70b"), lib.workload("osworld"), {}});
    QVERIFY(done.wait(10000));
    const auto result = done.takeFirst().at(0).value<std::shared_ptr<const EvaluationResult>>();
    QVERIFY(result);
    QCOMPARE(result->decode.maxBatch, 16);
  }

  // Issue 35: an edit evaluates the design once and no comparison whose inputs did not change;
  // presets are read once, and again only when their file changes.
  void anEditEvaluatesTheDesignOnlyAndPresetsAreReadOnce() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    auto project = readProject(LLMWB_TEST_PRESETS "/projects/memexplorer-osworld.llmwb", lib);
    QVERIFY(project.comparisons.size() >= 2);
    const int comparisons = int(project.comparisons.size());
    ui::EvaluationRunner runner;
    QSignalSpy done(&runner, &ui::EvaluationRunner::finishedProject);
    auto evaluations = [&] {
      runner.request(ui::evaluationRequest(project, lib));
      if (!done.wait(10000)) return -1;
      return done.takeFirst().at(0).value<std::shared_ptr<const ui::ProjectResults>>()->evaluations;
    };
    QCOMPARE(evaluations(), 1 + comparisons); // the first run evaluates everything
    const long long read = lib.filesRead();
    project.system.system.groups.back().count += 1; // an edit of the design
    QCOMPARE(evaluations(), 1);
    QCOMPARE(lib.filesRead(), read); // the model and workload came from the read cache
    project.comparisons.front().system.groups.front().count += 1; // an edit of one comparison
    QCOMPARE(evaluations(), 2);
    project.workload = "chat"; // every comparison runs another workload
    QCOMPARE(evaluations(), 1 + comparisons);
    QCOMPARE(evaluations(), 1);
  }

  void newerRequestSupersedesOlder() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::EvaluationRunner runner;
    QSignalSpy done(&runner, &ui::EvaluationRunner::finished);
    runner.request({lib.system("memexplorer/base"), lib.model("llama-3.3-70b"), lib.workload("osworld"), {}});
    runner.request({lib.system("memexplorer/d2"), lib.model("llama-3.3-70b"), lib.workload("osworld"), {}});
    QTRY_VERIFY_WITH_TIMEOUT(!runner.busy(), 10000);
    QCOMPARE(done.count(), 1);
    QCOMPARE(done.first().at(0).value<std::shared_ptr<const EvaluationResult>>()->decode.maxBatch, 32);
  }

  void viewShowsTheHeadlineFigures() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::EvaluationView view;
    auto r = std::make_shared<const EvaluationResult>(
        evaluate(lib.system("memexplorer/base"), lib.model("llama-3.3-70b"), lib.workload("osworld")));
    view.showResult(r);
    QCOMPARE(view.result(), r);
    view.resize(1400, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
  }

  // The Devices tab names each group's engine, so that a roofline what-if is not taken for the
  // calibrated model.
  void devicesTableNamesTheEngine() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    ui::EvaluationView view;
    view.showResult(std::make_shared<const EvaluationResult>(
        evaluate(lib.system("gpu/h100x8-duplex"), lib.model("llama-3.3-70b"), lib.workload("chat"))));
    QTableWidget* devices = nullptr;
    for (auto* t : view.findChildren<QTableWidget*>())
      if (t->columnCount() > 3 && t->horizontalHeaderItem(3) && t->horizontalHeaderItem(3)->text() == QStringLiteral("Engine"))
        devices = t;
    QVERIFY(devices);
    QCOMPARE(devices->rowCount(), 1);
    QCOMPARE(devices->item(0, 3)->text(), QStringLiteral("roofline"));
  }

  // Issue 12 item 8: a design that does not fit shows "does not fit", not zeros, and no ratios.
  void anInfeasibleDesignShowsDoesNotFitAndNoRatios() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    auto bad = std::make_shared<const EvaluationResult>(
        evaluate(lib.system("duet/system"), lib.model("qwen3.5-397b-a17b"), lib.workload("bfcl-websearch")));
    QVERIFY(!bad->feasible);
    ui::EvaluationView view;
    view.showResult(bad);
    for (auto* card : view.cards())
      if (card != view.cards().back()) QCOMPARE(card->value(), QStringLiteral("does not fit")); // the last is area

    auto results = std::make_shared<ui::ProjectResults>();
    results->main = bad;
    results->name = "DUET";
    results->comparisons = {std::make_shared<const EvaluationResult>(
        evaluate(lib.system("gpu/h100x4"), lib.model("qwen3.5-397b-a17b"), lib.workload("bfcl-websearch")))};
    results->comparisonNames = {"4 x H100"};
    ui::ComparisonTable table;
    table.showResults(results);
    QCOMPARE(table.rowCount(), 2);
    QCOMPARE(table.verdict(1), QStringLiteral("no ratios: this design does not fit"));
    for (int column = ui::ComparisonTable::FirstMetricColumn; column < table.columnCount(); ++column) {
      QCOMPARE(table.ratio(1, column), 0.0);
      const QString header = table.horizontalHeaderItem(column)->text();
      const bool hardware = header == QStringLiteral("TDP") || header == QStringLiteral("Area");
      QCOMPARE(table.item(0, column)->text() == QStringLiteral("does not fit"), !hardware);
    }
  }

  // Issue 12 item 5: one direction everywhere. The row's cells are its own figures; "This design
  // vs row" says how the design compares with it, and each row shows the batch it runs at.
  void theComparisonReadsFromTheDesignsSide() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto results = compared(lib, "llama-3.3-70b", "osworld", "memexplorer/p1d1", "P1 + D1", {{"gpu/h100x4", "4 x H100"}});
    const auto h100 = results->comparisons.front();
    QVERIFY(results->main->feasible && h100->feasible);
    QVERIFY(results->main->decode.tokensPerSecond < h100->decode.tokensPerSecond);
    ui::ComparisonTable table;
    table.showResults(results);
    const int decode = table.metricColumn("Decode");
    // The H100 row shows the H100's own decode rate, uncoloured and without a ratio.
    QVERIFY(table.item(1, decode)->text().startsWith(ui::formatNumber(h100->decode.tokensPerSecond)));
    QVERIFY(!table.item(1, decode)->text().contains(QStringLiteral("×")));
    // The design is slower: "decode ×N worse" with N > 1, in the design's voice.
    const double ratio = table.ratio(1, decode);
    QVERIFY(ratio > 0 && ratio < 1);
    const QString expected = QStringLiteral("decode ×%1 worse").arg(ui::formatNumber(1 / ratio, 3));
    QVERIFY2(table.verdict(1).contains(expected), qPrintable(table.verdict(1)));
    QVERIFY(table.horizontalHeaderItem(ui::ComparisonTable::VersusColumn)->text() == QStringLiteral("This design vs row"));
    QVERIFY(ui::ComparisonTable::legend().contains(QStringLiteral("×N better")));
    // Each row's own batch.
    QCOMPARE(table.item(0, ui::ComparisonTable::BatchColumn)->text(),
             QStringLiteral("%1 / %2").arg(results->main->prefill.batch).arg(results->main->decode.batch));
    QCOMPARE(table.item(1, ui::ComparisonTable::BatchColumn)->text(), QStringLiteral("%1 / %2").arg(h100->prefill.batch).arg(h100->decode.batch));
  }

  // A project's published figures show under the verdict of the system they are against, with the
  // model's own ratio where the verdict does not give it; a claim against a system no longer
  // compared is left out, and an edited design is said to be one.
  void publishedFiguresShowBesideTheModel() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    auto results = compared(lib, "llama-3.3-70b", "osworld", "memexplorer/p1d1", "P1 + D1",
                            {{"gpu/h100x4", "4 x H100"}, {"gpu/a100x4", "4 x A100"}});
    auto request = std::make_shared<ui::EvaluationRequest>();
    request->comparisons = {lib.system("gpu/h100x4"), lib.system("gpu/a100x4")};
    request->designPreset = "memexplorer/p1d1";
    request->published = {{"gpu/h100x4", ClaimMetric::PrefillTokensPerJoule, 3.23, "seed 000 abstract", "llama-3.3-70b", "osworld"},
                          {"gpu/h100x4", ClaimMetric::Ttft, 0.5, "a TTFT figure", "llama-3.3-70b", "osworld"},
                          {"gpu/b200", ClaimMetric::Ttft, 2.0, "not compared", "llama-3.3-70b", "osworld"}};
    results->request = request;
    ui::ComparisonTable table;
    table.showResults(results);
    const double model = *modelAdvantage(ClaimMetric::PrefillTokensPerJoule, *results->main, *results->comparisons.front());
    QVERIFY(model < 1); // the model has the design behind the H100 here
    QCOMPARE(table.paperSays(1),
             QStringLiteral("paper: prefill tok/J ×3.23 better (model ×%1 worse) · TTFT ×2 worse").arg(ui::formatNumber(1 / model, 3)));
    QVERIFY(table.paperSays(0).isEmpty());
    QVERIFY(table.paperSays(2).isEmpty()); // nothing published against the A100s
    const QString tip = table.item(1, ui::ComparisonTable::VersusColumn)->toolTip();
    QVERIFY(tip.contains(QStringLiteral("seed 000 abstract")));
    QVERIFY(!tip.contains(QStringLiteral("edited")));
    QVERIFY(table.verdict(1).contains(QStringLiteral("TTFT"))); // the model's TTFT is in the verdict

    request->designPreset.clear();
    table.showResults(results);
    QVERIFY(table.item(1, ui::ComparisonTable::VersusColumn)->toolTip().contains(QStringLiteral("edited")));
    // A caption that gives only the direction shows as one, with no factor.
    request->published = {{"gpu/a100x4", ClaimMetric::Ttft, std::nullopt, "Fig. 8 caption", "llama-3.3-70b", "osworld", false}};
    table.showResults(results);
    QCOMPARE(table.paperSays(2), QStringLiteral("paper: TTFT worse"));
    QVERIFY(table.item(2, ui::ComparisonTable::VersusColumn)->toolTip().contains(QStringLiteral("Fig. 8 caption")));
    request->published = {{"gpu/b200", ClaimMetric::Ttft, 2.0, "not compared", "llama-3.3-70b", "osworld"}};
    table.showResults(results);
    QVERIFY(table.paperSays(1).isEmpty());
  }

  // A paper's figures go into the request only while the project runs the model and workload they
  // were published for.
  void publishedFiguresFollowTheirRun() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    Project project = readProject(defaultProjectPath(lib), lib);
    QCOMPARE(project.published.size(), std::size_t(4));
    QCOMPARE(ui::evaluationRequest(project, lib).published.size(), std::size_t(4));
    QCOMPARE(ui::evaluationRequest(project, lib).designPreset, std::string("memexplorer/p1d1"));
    project.workload = "bfcl-websearch";
    QVERIFY(ui::evaluationRequest(project, lib).published.empty());
    project.workload = "osworld";
    project.model = "llama-3.1-8b";
    QVERIFY(ui::evaluationRequest(project, lib).published.empty());
  }

  // Throughput per area: every device with an area model reports it, a GPU says why it has none.
  void theComparisonShowsAreaAndDecodePerArea() {
    const PresetLibrary lib({LLMWB_TEST_PRESETS});
    const auto results =
        compared(lib, "qwen3-4b", "chat", "npusim/large-64", "NpuSim", {{"gpu/h100x4", "4 x H100"}, {"snake/snake-decode", "Snake"}});
    ui::ComparisonTable table;
    table.showResults(results);
    const int area = table.metricColumn("Area"), perArea = table.metricColumn("Decode/area");
    QVERIFY(area >= 0 && perArea >= 0);
    QCOMPARE(table.item(0, area)->text(), QStringLiteral("%1 mm²").arg(results->main->siliconArea.value(), 0, 'f', 0));
    QVERIFY(table.item(0, perArea)->text().endsWith(QStringLiteral("tok/s/mm²")));
    QVERIFY(table.item(2, area)->text().endsWith(QStringLiteral("mm²")));
    QVERIFY(table.item(2, perArea)->text().endsWith(QStringLiteral("tok/s/mm²")));
    for (int column : {area, perArea}) {
      QCOMPARE(table.item(1, column)->text(), QStringLiteral("—"));
      QVERIFY2(table.item(1, column)->toolTip().contains(QStringLiteral("no area model")), qPrintable(table.item(1, column)->toolTip()));
      QCOMPARE(table.ratio(1, column), 0.0); // no ratio against a missing area
    }
    QVERIFY(table.ratio(2, perArea) > 0);
    if (const QByteArray shot = qgetenv("LLMWB_SHOT_DIR"); !shot.isEmpty()) {
      table.resize(1900, 160);
      table.show();
      table.grab().save(QString::fromUtf8(shot) + "/comparison-area.png");
    }
  }
};

QTEST_MAIN(TestEvaluationView)
#include "tst_evaluation_view.moc"
