// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/memory/hierarchy.h"
#include "widgets/hierarchy/part_chip.h"
#include "widgets/palette/palette_mime.h"

#include <QFrame>

#include <functional>

class QHBoxLayout;
class QLabel;

namespace llmwb::ui {

/// One level of a device's hierarchy as a lane: its name and figures, its parts as chips, and a
/// drop target for technologies from the palette and parts from other levels. `level` equal to
/// the number of levels is the "new level" lane.
class LevelLane : public QFrame {
  Q_OBJECT
public:
  /// `accepts` tells whether a technology id may be dropped here (placement rules).
  LevelLane(const MemoryHierarchy& memory, std::size_t group, std::size_t level, bool editable,
            std::function<bool(const QString& technologyId)> accepts, QWidget* parent = nullptr);
  std::size_t level() const { return mLevel; }
  const std::vector<PartChip*>& chips() const { return mChips; }

signals:
  void technologyDropped(std::size_t group, std::size_t level, const QString& technologyId);
  void partDropped(llmwb::ui::PartAddress from, std::size_t group, std::size_t level);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragLeaveEvent(QDragLeaveEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  bool acceptable(const QMimeData* mime) const;
  void setHighlight(int state); ///< 0 none, 1 accept, -1 refuse

  std::size_t mGroup;
  std::size_t mLevel;
  std::function<bool(const QString&)> mAccepts;
  std::vector<PartChip*> mChips;
  std::vector<std::string> mTechnologyIds; ///< per chip, for drag checks
};

/// Parses the part MIME payload "group/level/part".
std::optional<PartAddress> partFromMime(const QMimeData* mime);

} // namespace llmwb::ui
