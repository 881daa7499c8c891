// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/evaluation_runner.h"

#include "core/io/preset_library.h"
#include "widgets/evaluation/roofline_data.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace llmwb::ui {

namespace {
struct Outcome {
  std::shared_ptr<const ProjectResults> result;
  QString error;
};
} // namespace

EvaluationRequest evaluationRequest(const Project& project, const PresetLibrary& library) {
  EvaluationRequest request{project.system.system, library.model(project.model), library.workload(project.workload), project.options};
  for (const auto& c : project.comparisons) request.comparisons.push_back(c.system);
  request.published = publishedForRun(project);
  request.designPreset = project.system.preset;
  return request;
}

EvaluationRunner::EvaluationRunner(QObject* parent) : QObject(parent) {}

std::shared_ptr<const ProjectResults> EvaluationRunner::run(const EvaluationRequest& request) {
  QElapsedTimer clock;
  clock.start();
  auto results = std::make_shared<ProjectResults>();
  results->request = std::make_shared<const EvaluationRequest>(request);
  // The engine computes the roofline with the evaluation; the views never run it again.
  EvaluationOptions withRoofline = request.options;
  withRoofline.roofline = true;
  withRoofline.keepModels = true; // engine-specific views ask the models for their detail products
  results->main = std::make_shared<const EvaluationResult>(evaluate(request.system, request.model, request.workload, withRoofline));
  results->roofline = std::make_shared<const RooflineData>(rooflineData(request.system, *results->main));
  results->name = request.system.name.empty() ? request.system.id : request.system.name;
  for (const auto& c : request.comparisons) {
    results->comparisonNames.push_back(c.name.empty() ? c.id : c.name);
    results->comparisons.push_back(
        std::make_shared<const EvaluationResult>(evaluate(c, request.model, request.workload, comparedSystemOptions(request.options))));
  }
  results->seconds = double(clock.nsecsElapsed()) * 1e-9;
  return results;
}

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
    if (outcome.result) {
      emit finished(outcome.result->main);
      emit finishedProject(outcome.result);
    } else {
      emit failed(outcome.error);
    }
  });
  watcher->setFuture(QtConcurrent::run([request = std::move(request)]() -> Outcome {
    try {
      return {run(request), {}};
    } catch (const std::exception& e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  }));
}

} // namespace llmwb::ui
