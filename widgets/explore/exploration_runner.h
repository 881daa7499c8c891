// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs dse::explore on a worker thread (QtConcurrent) and reports on the UI thread (queued):
// progress after each batch, every new point, the front after each batch, one finished signal.
// cancel() stops it after the points under way (well within a second for the shipped spaces).

#include "core/dse/exploration.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace llmwb::ui {

struct ExplorationRequest {
  std::shared_ptr<const dse::DesignProblem> problem;
  std::string method = "sobol";
  std::size_t budget = 64;
  std::uint64_t seed = 1;
  std::size_t initialPoints = 20;
  int threads = 0; ///< 0: every hardware thread
};

class ExplorationRunner : public QObject {
  Q_OBJECT
public:
  explicit ExplorationRunner(QObject* parent = nullptr);
  /// Cancels a run under way and waits for it.
  ~ExplorationRunner() override;

  /// Starts a run; false (and nothing happens) while another runs.
  bool start(ExplorationRequest request);
  void cancel();
  bool running() const { return mRunning; }
  /// Blocks until the worker is done (tests, shutdown).
  void wait();

signals:
  void started();
  void progressed(const llmwb::dse::Progress& progress);
  /// Each point as it is evaluated, with its step index, and the hypervolume after it.
  void pointFound(std::size_t index, const llmwb::dse::PointResult& point, double hypervolume);
  /// The Pareto set (indices into the points so far) changed.
  void frontChanged(const std::vector<std::size_t>& front);
  /// Done, cancelled or not; the result holds every point evaluated.
  void finished(std::shared_ptr<const llmwb::dse::ExplorationResult> result);
  void failed(const QString& message);

private:
  struct Outcome {
    std::shared_ptr<const dse::ExplorationResult> result;
    QString error;
  };
  std::shared_ptr<std::atomic<bool>> mCancel;
  QFutureWatcher<Outcome>* mWatcher = nullptr;
  bool mRunning = false;
};

} // namespace llmwb::ui
