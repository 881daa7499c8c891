// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/evaluation/evaluation_runner.h"

#include <QTableWidget>

namespace llmwb::ui {

class ProjectDocument;

/// The design against its baselines (H100, B200, ...) and the systems the user pinned: one row
/// per system, headline figures with units, and for each baseline how many times better (green)
/// or worse (red) the design is. Systems dropped from the palette join the comparison; a row's
/// context menu removes it.
class ComparisonTable : public QTableWidget {
  Q_OBJECT
public:
  explicit ComparisonTable(QWidget* parent = nullptr);
  void setDocument(ProjectDocument* document) { mDocument = document; }
  void showResults(const std::shared_ptr<const ProjectResults>& results);
  /// The design's advantage over comparison `row - 1` in column `column` (>1: better); 0 if none.
  double ratio(int row, int column) const;

  /// Adds the current design (a snapshot) to the comparisons.
  bool pinDesign();
  bool addComparison(const QString& systemId);
  bool removeComparison(std::size_t index);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

private:
  ProjectDocument* mDocument = nullptr;
  std::vector<std::vector<double>> mRatios;
};

} // namespace llmwb::ui
