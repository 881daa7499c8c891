// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/serving/serving_runner.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace llmwb::ui {

ServingRunner::ServingRunner(QObject* parent) : QObject(parent), mSweep(runServingSweep) {}

ServingRunner::~ServingRunner() {
  drop();
  wait();
}

void ServingRunner::cancel() {
  if (mCancel) mCancel->store(true);
}

void ServingRunner::drop() {
  cancel();
  ++mGeneration;
  mRunning = false;
}

void ServingRunner::wait() {
  for (auto& f : mInFlight) f.waitForFinished();
  mInFlight.clear();
}

void ServingRunner::start(ServingRequest request) {
  drop();
  std::erase_if(mInFlight, [](const QFuture<Outcome>& f) { return f.isFinished(); });
  const quint64 generation = ++mGeneration;
  mCancel = std::make_shared<std::atomic<bool>>(false);
  mRunning = true;
  emit started();

  // The worker reaches the runner only through queued calls guarded by a QPointer and the
  // generation: a runner deleted, or a sweep superseded, meanwhile receives nothing.
  QPointer<ServingRunner> self(this);
  auto progress = [self, generation, cancel = mCancel, last = -1](double share) mutable {
    const int permille = int(share * 1000);
    if (permille != last) {
      last = permille;
      QMetaObject::invokeMethod(
          self.data(), [self, generation, share] {
            if (self && self->mGeneration == generation) emit self->progressed(share);
          },
          Qt::QueuedConnection);
    }
    return !cancel->load();
  };
  auto future = QtConcurrent::run([request = std::move(request), progress, sweep = mSweep]() mutable -> Outcome {
    try {
      return {std::make_shared<const ServingSweep>(sweep(request, progress)), {}};
    } catch (const std::exception& e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  });
  mInFlight.push_back(future);
  auto* watcher = new QFutureWatcher<Outcome>(this);
  connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
    const Outcome outcome = watcher->result();
    watcher->deleteLater();
    if (generation != mGeneration) return; // superseded or dropped
    mRunning = false;
    if (outcome.sweep) emit finished(outcome.sweep);
    else emit failed(outcome.error);
  });
  watcher->setFuture(future);
}

} // namespace llmwb::ui
