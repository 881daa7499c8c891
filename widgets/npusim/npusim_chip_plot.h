// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NpuSim chip: every core of the mesh as a square coloured by its pipeline stage (idle cores
// grey), marked P (prefill pool), D (decode pool) or F (fused pool), and every directed mesh link
// the chosen traffic crosses as a bar between neighbours, coloured by its bytes (a heat scale in
// MB). Hover a core or a link for its numbers. The table lists the loaded links. With dragging on
// (a document to edit), a TP group can be dragged onto another slot of the mesh: the plot outlines
// the target and asks for the move (groupMoveRequested); the view makes it an undoable edit.

#include "widgets/npusim/npusim_chip_data.h"
#include "widgets/plots/plot_view.h"

#include <optional>

class QCPColorScale;
class QCPLegend;

namespace llmwb::ui {

class NpusimChipPlot : public PlotView {
  Q_OBJECT
public:
  explicit NpusimChipPlot(QWidget* parent = nullptr);

  void setData(NpusimChipData data);
  const NpusimChipData& data() const { return mData; }
  /// Squares drawn (the mesh's cores) and loaded links drawn, for tests.
  int coreItems() const { return mCoreItems; }
  int linkItems() const { return mLinkItems; }

  PlotTable table() const override;
  QString figureName() const override { return QStringLiteral("npusim-chip"); }

  /// Whether groups can be dragged (off: the plot only shows).
  void setDragEnabled(bool on);
  /// The mesh core under a widget position (nullopt outside every core's cell).
  std::optional<engine::npusim::Coord> coreAt(const QPointF& pos) const;
  /// Widget position of a core's centre (for tests).
  QPointF corePosition(engine::npusim::Coord core) const;
  /// The group being dragged (-1: none).
  int draggedGroup() const { return mDragGroup; }

signals:
  /// The user dropped TP group `group` (index into data().map.groups) on slot `slot` (index into
  /// engine::npusim::groupSlots) other than its own.
  void groupMoveRequested(int group, int slot);

protected:
  void rebuild() override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

private:
  void fitAspect();
  /// Mesh coordinates every `step` cores along both axes, and the last one.
  void setMeshTicks(int step);
  /// Outlines the slot under `pos` as the drop target (or hides the outline).
  void markDropTarget(const QPointF& pos);
  bool mDragEnabled = false;
  int mDragGroup = -1;
  QCPItemRect* mDropMarker = nullptr;
  NpusimChipData mData;
  QCPColorScale* mScale = nullptr;
  int mCoreItems = 0, mLinkItems = 0;
  std::vector<QCPItemText*> mCellLabels; ///< hidden when the cores are drawn too small to read them
  int mTickStep = 0; ///< setMeshTicks()'s step; 0: not set since the last rebuild
};

/// The heat colour of a link load in [0, 1] (light yellow to dark red).
QColor linkHeatColor(double fraction);

} // namespace llmwb::ui
