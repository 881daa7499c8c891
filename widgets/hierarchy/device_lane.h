// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/system/system_spec.h"
#include "widgets/hierarchy/level_lane.h"

#include <QFrame>

class QSpinBox;

namespace llmwb::ui {

/// One device group of the system as a column: name, role and count, its compute, then its
/// memory levels as lanes (on-chip first) with live capacity, bandwidth and shoreline use;
/// violations in red. A chiplet package's memory follows its package and is shown read-only.
class DeviceLane : public QFrame {
  Q_OBJECT
public:
  DeviceLane(const DeviceGroup& group, std::size_t index, const std::function<bool(const QString&, std::size_t)>& accepts,
             QWidget* parent = nullptr);
  const std::vector<LevelLane*>& lanes() const { return mLanes; }
  /// The lane of a level (the "new level" lane is the last).
  LevelLane* lane(std::size_t level) const { return level < mLanes.size() ? mLanes[level] : nullptr; }
  void setSelected(bool selected);
  /// Shows another device count without rebuilding the lane (and without emitting countChanged).
  void setCount(int count);

signals:
  void selected(std::size_t group);
  void countChanged(std::size_t group, int count);

protected:
  void mousePressEvent(QMouseEvent* event) override;

private:
  std::size_t mIndex;
  std::vector<LevelLane*> mLanes;
  QSpinBox* mCount = nullptr;
};

} // namespace llmwb::ui
