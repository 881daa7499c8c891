// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/evaluation/evaluation_runner.h"

#include "core/io/preset_library.h"
#include "core/io/spec_writer.h"
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
  request.name = designName(project, library);
  return request;
}

std::string designName(const Project& project, const PresetLibrary& library) {
  const SystemSpec& s = project.system.system;
  if (!project.system.preset.empty() || s.id.empty()) return s.name.empty() ? s.id : s.name;
  // Edited: a name that is still the preset's ("P1 + D1 (4 + 4, disaggregated)") describes what
  // the design was before the edit, so the heading says what it is now. A name of the user's own
  // (an inline system of a project) stays.
  const auto presets = library.presetName(PresetKind::System, s.id); // cached: this runs on every edit
  const bool presetsName = s.name.empty() || (presets && *presets == s.name);
  return presetsName ? s.composition() + " (edited)" : s.name;
}

std::shared_ptr<const EvaluationResult> EvaluationCache::find(const std::string& key) const {
  std::lock_guard lock(mMutex);
  const auto it = mEntries.find(key);
  return it == mEntries.end() ? nullptr : it->second;
}

void EvaluationCache::keep(std::map<std::string, std::shared_ptr<const EvaluationResult>> entries) {
  std::lock_guard lock(mMutex);
  mEntries = std::move(entries);
}

namespace {
/// Everything a comparison's evaluation depends on, written out: equal keys, equal results.
std::string comparisonKey(const SystemSpec& system, const std::string& modelText, const Workload& w, const EvaluationOptions& o) {
  std::string key = io::systemJsonText(system, -1);
  key += '\n';
  key += modelText;
  key += "\n" + w.id + " " + std::to_string(w.inputTokens) + ":" + std::to_string(w.outputTokens);
  key += " batch " + (o.decodeBatch ? std::to_string(*o.decodeBatch) : std::string("max")) + " prefill " +
         std::to_string(o.prefillBatch) + " segments " + std::to_string(o.decodeSegments) + " phases " +
         std::to_string(int(o.phases));
  return key;
}
} // namespace

EvaluationRunner::EvaluationRunner(QObject* parent) : QObject(parent) {}

std::shared_ptr<const ProjectResults> EvaluationRunner::run(const EvaluationRequest& request, EvaluationCache* cache) {
  QElapsedTimer clock;
  clock.start();
  auto results = std::make_shared<ProjectResults>();
  results->request = std::make_shared<const EvaluationRequest>(request);
  // The engine computes the roofline with the evaluation; the views never run it again.
  EvaluationOptions withRoofline = request.options;
  withRoofline.roofline = true;
  withRoofline.keepModels = true; // engine-specific views ask the models for their detail products
  // The kept models refer to the model they were built for: evaluate the copy the results keep.
  const EvaluationRequest& kept = *results->request;
  results->main = std::make_shared<const EvaluationResult>(evaluate(kept.system, kept.model, kept.workload, withRoofline));
  results->name = !request.name.empty() ? request.name : request.system.name.empty() ? request.system.id : request.system.name;
  auto roofline = rooflineData(request.system, *results->main);
  roofline.title = QString::fromStdString(results->name); // the design's heading, edits followed
  results->roofline = std::make_shared<const RooflineData>(std::move(roofline));
  results->evaluations = 1;
  const EvaluationOptions compared = comparedSystemOptions(request.options);
  const std::string modelText = cache && !request.comparisons.empty() ? io::modelJsonText(request.model, -1) : std::string();
  std::map<std::string, std::shared_ptr<const EvaluationResult>> keptResults;
  for (const auto& c : request.comparisons) {
    results->comparisonNames.push_back(c.name.empty() ? c.id : c.name);
    const std::string key = cache ? comparisonKey(c, modelText, request.workload, compared) : std::string();
    auto result = cache ? cache->find(key) : nullptr;
    if (!result) {
      result = std::make_shared<const EvaluationResult>(evaluate(c, request.model, request.workload, compared));
      ++results->evaluations;
    }
    if (cache) keptResults[key] = result;
    results->comparisons.push_back(std::move(result));
  }
  if (cache) cache->keep(std::move(keptResults));
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
  watcher->setFuture(QtConcurrent::run([request = std::move(request), cache = mCache]() -> Outcome {
    try {
      return {run(request, cache.get()), {}};
    } catch (const std::exception& e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  }));
}

} // namespace llmwb::ui
