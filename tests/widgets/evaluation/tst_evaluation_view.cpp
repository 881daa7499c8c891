// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/evaluation/summary_card.h"
#include "widgets/results/comparison_table.h"

#include <QSignalSpy>
#include <QTest>

using namespace llmwb;

class TestEvaluationView : public QObject {
  Q_OBJECT
private slots:
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
    for (int column = 1; column < table.columnCount(); ++column) {
      QCOMPARE(table.ratio(1, column), 0.0);
      const QString header = table.horizontalHeaderItem(column)->text();
      const bool hardware = header == QStringLiteral("TDP") || header == QStringLiteral("Area");
      QCOMPARE(table.item(0, column)->text() == QStringLiteral("does not fit"), !hardware);
    }
  }
};

QTEST_MAIN(TestEvaluationView)
#include "tst_evaluation_view.moc"
