// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a serving sweep (runServingSweep) on a worker thread (QtConcurrent) and reports on the UI
// thread: progress, then one finished signal. A new sweep, or drop(), supersedes the one under
// way: it is cancelled and whatever it reports is dropped. cancel() stops it at the next progress
// call of the simulator (well within a second) and reports the partial sweep.

#include "widgets/serving/serving_data.h"

#include <QFuture>
#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

namespace llmwb::ui {

class ServingRunner : public QObject {
  Q_OBJECT
public:
  /// The work a sweep does; runServingSweep unless a test puts another in.
  using SweepFunction = std::function<ServingSweep(const ServingRequest&, const std::function<bool(double)>&)>;

  explicit ServingRunner(QObject* parent = nullptr);
  /// Cancels every sweep under way and waits for them.
  ~ServingRunner() override;

  void setSweepFunction(SweepFunction f) { mSweep = std::move(f); }
  void start(ServingRequest request);
  /// Stops the sweep under way; finished() follows with the runs done so far.
  void cancel();
  /// Stops the sweep under way and drops it: nothing more is reported of it (the project changed).
  void drop();
  bool running() const { return mRunning; }
  /// Blocks until every worker is done (tests, shutdown).
  void wait();

signals:
  void started();
  void progressed(double share);
  void finished(std::shared_ptr<const llmwb::ui::ServingSweep> sweep);
  void failed(const QString& message);

private:
  struct Outcome {
    std::shared_ptr<const ServingSweep> sweep;
    QString error;
  };
  SweepFunction mSweep;
  std::shared_ptr<std::atomic<bool>> mCancel;
  std::vector<QFuture<Outcome>> mInFlight;
  quint64 mGeneration = 0;
  bool mRunning = false;
};

} // namespace llmwb::ui
