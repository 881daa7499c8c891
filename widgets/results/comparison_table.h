// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/evaluation/evaluation_runner.h"

#include <QColor>
#include <QTableWidget>

#include <vector>

namespace llmwb::ui {

class FrozenColumn;

class ProjectDocument;

/// The design against its baselines (H100, B200, ...) and the systems the user pinned: one row
/// per system with its own figures (units, and the batch it runs at), and one column, "This
/// design vs row", that says in one direction only how many times better (green) or worse (red)
/// the design is than that row. Systems dropped from the palette join the comparison; a row's
/// context menu removes or renames it, as does editing a comparison's name in place.
class ComparisonTable : public QTableWidget {
  Q_OBJECT
public:
  explicit ComparisonTable(QWidget* parent = nullptr);
  void setDocument(ProjectDocument* document) { mDocument = document; }
  void showResults(const std::shared_ptr<const ProjectResults>& results);
  /// The design's advantage over comparison `row - 1` in column `column` (>1: better); 0 if none.
  double ratio(int row, int column) const;
  /// The column of a figure, by its header ("Decode"); -1 if none.
  int metricColumn(const QString& header) const;
  /// Row `row`'s "This design vs row" text, plain ("decode ×15.9 worse · TTFT ×4.9 worse …").
  QString verdict(int row) const;
  /// What the colours and ×N mean, and that each system runs at its own batch (rich text).
  static QString legend();
  /// Row `row`'s published figures, plain ("paper: TTFT ×5.9 better · prefill tok/J ×3.23 better
  /// (model ×2.43 worse)"): what the project's paper publishes against that row (Project::published),
  /// shown under the row's verdict, with the model's ratio in brackets where the verdict does not
  /// name that figure; empty if none.
  QString paperSays(int row) const;

  enum Column { SystemColumn = 0, BatchColumn = 1, VersusColumn = 2, FirstMetricColumn = 3 };

  /// A piece of the "This design vs row" cell: its text, its colour (invalid: the table's text
  /// colour; green better, red worse) and whether it is set in italics.
  struct Run {
    QString text;
    QColor colour;
    bool italic = false;
  };
  using Line = std::vector<Run>;
  /// Row `row`'s "This design vs row" cell as drawn: the verdict, and the paper's line under it.
  const std::vector<Line>& verdictLines(int row) const;

  /// Adds the current design (a snapshot) to the comparisons, named `name`, or by default after
  /// the design and its last edit ("… pinned after 'Add HBM4 to L1'").
  bool pinDesign(const QString& name = {});
  bool addComparison(const QString& systemId);
  bool removeComparison(std::size_t index);
  bool renameComparison(std::size_t index, const QString& name);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

private:
  void nameEdited(QTableWidgetItem* item);

  ProjectDocument* mDocument = nullptr;
  FrozenColumn* mFrozen = nullptr; ///< the System column over the scrolling rest
  std::vector<std::vector<double>> mRatios;
  std::vector<QString> mVerdicts;
  std::vector<QString> mPaperSays;
  std::vector<std::vector<Line>> mVerdictLines; ///< per row, drawn by the column's delegate (no rich-text layout)
  bool mFilling = false; ///< itemChanged from showResults itself is no rename
};

} // namespace llmwb::ui
