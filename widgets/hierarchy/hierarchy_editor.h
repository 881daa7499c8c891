// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/common/deferred_call.h"
#include "widgets/document/selection.h"
#include "widgets/hierarchy/device_lane.h"

#include <QScrollArea>

#include <string>
#include <vector>

class QHBoxLayout;

namespace llmwb::ui {

class ProjectDocument;

/// The system's memory hierarchies side by side, one column per device group. Technologies
/// dropped from the palette are added to a level (or open a new one); parts dragged between
/// levels move; counts change in place. Every change is one undoable edit of the document.
class HierarchyEditor : public QScrollArea {
  Q_OBJECT
public:
  HierarchyEditor(QWidget* parent = nullptr);
  void setDocument(ProjectDocument* document, SelectionModel* selection);

  const std::vector<DeviceLane*>& devices() const { return mDevices; }

  // The editing operations the lanes trigger (public for keyboard use and tests).
  bool addTechnology(std::size_t group, std::size_t level, const QString& technologyId);
  bool movePart(PartAddress from, std::size_t group, std::size_t level);
  bool setPartCount(PartAddress part, int count);
  bool removePart(PartAddress part);
  bool setDeviceCount(std::size_t group, int count);

private:
  void rebuild();
  void showSelection();
  /// The part as the edit history names it: "HBM3E 8-high at L1 of MemExplorer D1 (decode)".
  QString partName(PartAddress part) const;
  /// What the lanes draw of each group, bar its device count: a rebuild is needed only when it changes.
  std::vector<std::string> shape() const;

  ProjectDocument* mDocument = nullptr;
  SelectionModel* mSelection = nullptr;
  QWidget* mContent = nullptr;
  std::vector<DeviceLane*> mDevices;
  std::vector<std::string> mShape; ///< shape() as the lanes show it
  DeferredCall mRebuild;
};

} // namespace llmwb::ui
