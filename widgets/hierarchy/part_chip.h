// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/memory_level.h"

#include <QFrame>
#include <QPoint>

class QSpinBox;

namespace llmwb::ui {

/// Where a part of a device's hierarchy is: device group, level (0 on-chip), part.
struct PartAddress {
  std::size_t group = 0;
  std::size_t level = 0;
  std::size_t part = 0;
};

inline constexpr char kPartMimeType[] = "application/vnd.llmwb.memory-part";

/// One technology x count in a level lane: coloured by memory family, count editable in place,
/// draggable to another level, removable. Tooltip: the part's figures with units and sources.
class PartChip : public QFrame {
  Q_OBJECT
public:
  PartChip(const MemoryPart& part, PartAddress address, bool editable, QWidget* parent = nullptr);
  PartAddress address() const { return mAddress; }
  QSpinBox* countBox() const { return mCount; }
  void setSelected(bool selected);
  /// True while a chip is being dragged: editors postpone rebuilding (which would delete it).
  static bool dragging() { return sDragging; }

signals:
  void countChanged(llmwb::ui::PartAddress address, int count);
  void removeRequested(llmwb::ui::PartAddress address);
  void clicked(llmwb::ui::PartAddress address);

protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  PartAddress mAddress;
  QString mTechnologyId;
  QSpinBox* mCount;
  QPoint mPressAt;
  bool mEditable;
  static inline bool sDragging = false;
};

} // namespace llmwb::ui
