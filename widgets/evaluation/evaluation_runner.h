// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model/model_spec.h"
#include "core/perf/evaluate.h"
#include "core/system/system_spec.h"
#include "core/workload/workload.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace llmwb::ui {

/// What to evaluate: copies of the specs, so the worker never shares mutable state with the UI.
struct EvaluationRequest {
  SystemSpec system;
  ModelSpec model;
  Workload workload;
  EvaluationOptions options;
};

/// Runs evaluations on a worker thread (QtConcurrent) and reports the newest one. A request made
/// while another runs supersedes it: the older result is dropped when it arrives.
class EvaluationRunner : public QObject {
  Q_OBJECT
public:
  explicit EvaluationRunner(QObject* parent = nullptr);
  void request(EvaluationRequest request);
  bool busy() const { return mRunning > 0; }

signals:
  void started();
  void finished(std::shared_ptr<const llmwb::EvaluationResult> result);
  void failed(const QString& message);

private:
  std::atomic<quint64> mGeneration{0};
  int mRunning = 0;
};

} // namespace llmwb::ui
