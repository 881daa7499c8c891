// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/common/deferred_call.h"
#include "widgets/document/selection.h"
#include "widgets/package/floorplan_view.h"

#include <QWidget>

#include <string>

class QComboBox;
class QLabel;
class QProgressBar;

namespace llmwb::ui {

class ProjectDocument;

/// Composes the chiplet packages of the system: choose a package device, drop chiplets and memory
/// onto its floorplan, move and remove them; live interposer area, chiplet area, bandwidths and
/// array counts, with violations in red. Each change is one undoable edit.
class PackageComposer : public QWidget {
  Q_OBJECT
public:
  explicit PackageComposer(QWidget* parent = nullptr);
  void setDocument(ProjectDocument* document, SelectionModel* selection);

  FloorplanView* view() const { return mView; }
  /// The device group shown (nothing when the system has no package).
  std::optional<std::size_t> group() const;
  void showGroup(std::size_t group);
  /// The current package's problems (oversized chiplet or interposer, too few PHYs).
  QStringList violations() const { return mViolations; }

  bool dropEntry(const PaletteEntry& entry, int row, int column, std::optional<std::size_t> onItem);
  bool moveItem(std::size_t item, int row, int column);
  bool removeItem(std::size_t item);

private:
  void refresh();

  ProjectDocument* mDocument = nullptr;
  SelectionModel* mSelection = nullptr;
  QComboBox* mDevice;
  QProgressBar* mInterposer;
  QProgressBar* mChiplet;
  QLabel* mFigures;
  QLabel* mProblems;
  FloorplanView* mView;
  QStringList mViolations;
  std::string mShown; ///< the group, theme and package drawn: refresh() redraws only when it changes
  DeferredCall mRefresh;
};

} // namespace llmwb::ui
