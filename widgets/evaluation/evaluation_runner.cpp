// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/evaluation_runner.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace llmwb::ui {

namespace {
struct Outcome {
  std::shared_ptr<const EvaluationResult> result;
  QString error;
};
} // namespace

EvaluationRunner::EvaluationRunner(QObject* parent) : QObject(parent) {}

void EvaluationRunner::request(EvaluationRequest request) {
  const quint64 generation = ++mGeneration;
  ++mRunning;
  emit started();
  auto* watcher = new QFutureWatcher<Outcome>(this);
  connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
    --mRunning;
    const Outcome outcome = watcher->result();
    watcher->deleteLater();
    if (generation != mGeneration) return; // superseded by a newer request
    if (outcome.result) emit finished(outcome.result);
    else emit failed(outcome.error);
  });
  watcher->setFuture(QtConcurrent::run([request = std::move(request)]() -> Outcome {
    try {
      return {std::make_shared<const EvaluationResult>(evaluate(request.system, request.model, request.workload, request.options)), {}};
    } catch (const std::exception& e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  }));
}

} // namespace llmwb::ui
