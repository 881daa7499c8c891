// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/preset_library.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/evaluation/evaluation_view.h"

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
};

QTEST_MAIN(TestEvaluationView)
#include "tst_evaluation_view.moc"
