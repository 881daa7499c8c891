// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/model_spec.h"
#include "core/engine/evaluate.h"
#include "core/io/project.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <QObject>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <memory>
#include <vector>

namespace llmwb::ui {

/// What to evaluate: copies of the specs, so the worker never shares mutable state with the UI.
struct EvaluationRequest {
  SystemSpec system;
  ModelSpec model;
  Workload workload;
  EvaluationOptions options;
  std::vector<SystemSpec> comparisons = {}; ///< evaluated on the same model and workload
  std::vector<PublishedClaim> published = {}; ///< the paper's figures against the comparisons (by their ids), for this model and workload
  std::string designPreset = {};              ///< the design's preset id; empty once edited (Project::system)
  std::string name = {};                      ///< the design's heading (designName); empty: the system's name
};

/// The project's system, model, workload, options and comparison systems (presets resolved).
/// Throws InputError naming an unknown model or workload.
EvaluationRequest evaluationRequest(const Project& project, const PresetLibrary& library);
/// The design's heading: its system's name, unless an edit left it the name of the preset it came
/// from (then what it is made of now, SystemSpec::composition, marked edited).
std::string designName(const Project& project, const PresetLibrary& library);

struct RooflineData;

/// Comparison results by what they were evaluated from (the system, model and workload as written
/// out, and the options): an edit of the design evaluates an unchanged comparison no more. Keeps
/// the entries of the latest run only. Thread-safe.
class EvaluationCache {
public:
  std::shared_ptr<const EvaluationResult> find(const std::string& key) const;
  /// The latest run's entries replace every other.
  void keep(std::map<std::string, std::shared_ptr<const EvaluationResult>> entries);

private:
  mutable std::mutex mMutex;
  std::map<std::string, std::shared_ptr<const EvaluationResult>> mEntries;
};

/// The system and everything it is compared with, from one request: what every result view is
/// fed (widgets/views/view_registry.h), in the window and in headless export alike.
struct ProjectResults {
  std::shared_ptr<const EvaluationRequest> request; ///< the specs these are the results of
  std::shared_ptr<const EvaluationResult> main;     ///< evaluated with its roofline (EvaluationOptions::roofline)
  std::shared_ptr<const RooflineData> roofline; ///< `main`'s roofline, for the roofline view
  std::vector<std::shared_ptr<const EvaluationResult>> comparisons;
  std::string name;                         ///< the system's display name
  std::vector<std::string> comparisonNames;
  double seconds = 0; ///< wall time of the evaluations
  int evaluations = 0; ///< evaluate() calls the run made (comparisons found in the cache make none)
};

/// Runs evaluations on a worker thread (QtConcurrent) and reports the newest one. A request made
/// while another runs supersedes it: the older result is dropped when it arrives.
class EvaluationRunner : public QObject {
  Q_OBJECT
public:
  explicit EvaluationRunner(QObject* parent = nullptr);
  void request(EvaluationRequest request);
  bool busy() const { return mRunning > 0; }
  /// The comparison results its runs keep (run() on the calling thread may share them).
  EvaluationCache* cache() const { return mCache.get(); }
  /// The same work on the calling thread (benchmarks, headless export); comparisons found in
  /// `cache` (when given) are taken from it.
  static std::shared_ptr<const ProjectResults> run(const EvaluationRequest& request, EvaluationCache* cache = nullptr);

signals:
  void started();
  void finished(std::shared_ptr<const llmwb::EvaluationResult> result);
  /// Emitted with finished(): the comparisons too.
  void finishedProject(std::shared_ptr<const llmwb::ui::ProjectResults> results);
  void failed(const QString& message);

private:
  std::atomic<quint64> mGeneration{0};
  std::shared_ptr<EvaluationCache> mCache = std::make_shared<EvaluationCache>();
  int mRunning = 0;
};

} // namespace llmwb::ui
