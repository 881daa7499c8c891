// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace llmwb::ui {

/// A function run once, soon after it is asked for, however often it is asked before then. Views
/// rebuild after an edit this way: the edit may come from a widget the rebuild replaces, and a
/// burst of edits rebuilds once. `postpone` (optional) delays the call while it returns true (a
/// drag whose source the rebuild would delete).
class DeferredCall {
public:
  DeferredCall(QObject* owner, std::function<void()> call, std::function<bool()> postpone = {})
      : mOwner(owner), mCall(std::move(call)), mPostpone(std::move(postpone)) {}

  void schedule() {
    if (mPending) return;
    mPending = true;
    QTimer::singleShot(0, mOwner, [this] { run(); });
  }
  /// Runs now (if asked for or not) and drops a pending call.
  void runNow() {
    mPending = false;
    mCall();
  }

private:
  void run() {
    if (!mPending) return;
    if (mPostpone && mPostpone()) {
      QTimer::singleShot(30, mOwner, [this] { run(); });
      return;
    }
    runNow();
  }

  QObject* mOwner;
  std::function<void()> mCall;
  std::function<bool()> mPostpone;
  bool mPending = false;
};

} // namespace llmwb::ui
