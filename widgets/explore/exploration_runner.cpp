// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/explore/exploration_runner.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace llmwb::ui {

ExplorationRunner::ExplorationRunner(QObject* parent) : QObject(parent), mWatcher(new QFutureWatcher<Outcome>(this)) {
  connect(mWatcher, &QFutureWatcher<Outcome>::finished, this, [this] {
    mRunning = false;
    const Outcome outcome = mWatcher->result();
    if (outcome.result) emit finished(outcome.result);
    else emit failed(outcome.error);
  });
}

ExplorationRunner::~ExplorationRunner() {
  cancel();
  wait();
}

void ExplorationRunner::cancel() {
  if (mCancel) mCancel->store(true);
}

void ExplorationRunner::wait() { mWatcher->waitForFinished(); }

bool ExplorationRunner::start(ExplorationRequest request) {
  if (mRunning || !request.problem) return false;
  mRunning = true;
  mCancel = std::make_shared<std::atomic<bool>>(false);
  emit started();

  // The worker reaches the runner only through queued calls guarded by a QPointer: a runner
  // deleted meanwhile simply receives nothing.
  QPointer<ExplorationRunner> self(this);
  auto post = [self](auto function) {
    QMetaObject::invokeMethod(
        self.data(), [self, function = std::move(function)] { if (self) function(*self); }, Qt::QueuedConnection);
  };
  mWatcher->setFuture(QtConcurrent::run([request = std::move(request), cancel = mCancel, post]() -> Outcome {
    const auto& space = request.problem->space();
    dse::ExplorationOptions options;
    options.method = request.method;
    options.methodOptions.seed = request.seed;
    options.methodOptions.budget = request.budget;
    options.methodOptions.initialPoints = std::min(request.initialPoints, request.budget);
    options.threads = request.threads;
    options.cancel = cancel.get();
    // Both callbacks run on this worker thread; the front is tracked here, not on the UI thread.
    std::vector<dse::PointResult> seen;
    std::size_t step = 0;
    dse::FrontTracker tracker(dse::referencePoint(space));
    bool frontMoved = false;
    options.onResult = [&](const dse::PointResult& point) {
      if (point.feasible) frontMoved |= tracker.add(dse::minimised(space, point.objectives));
      seen.push_back(point);
      post([index = step++, point, hv = tracker.hypervolume()](ExplorationRunner& r) { emit r.pointFound(index, point, hv); });
    };
    options.progress = [&](const dse::Progress& progress) {
      post([progress](ExplorationRunner& r) { emit r.progressed(progress); });
      if (frontMoved) {
        post([set = dse::paretoSet(space, seen)](ExplorationRunner& r) { emit r.frontChanged(set); });
        frontMoved = false;
      }
    };
    try {
      return {std::make_shared<const dse::ExplorationResult>(dse::explore(*request.problem, options)), {}};
    } catch (const std::exception& e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  }));
  return true;
}

} // namespace llmwb::ui
