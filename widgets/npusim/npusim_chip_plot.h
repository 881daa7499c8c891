// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The NpuSim chip: every core of the mesh as a square coloured by its pipeline stage (idle cores
// grey), marked P (prefill pool), D (decode pool) or F (fused pool), and every directed mesh link
// the chosen traffic crosses as a bar between neighbours, coloured by its bytes (a heat scale in
// MB). Hover a core or a link for its numbers. The table lists the loaded links.

#include "widgets/npusim/npusim_chip_data.h"
#include "widgets/plots/plot_view.h"

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

protected:
  void rebuild() override;

private:
  void fitAspect();
  NpusimChipData mData;
  QCPColorScale* mScale = nullptr;
  int mCoreItems = 0, mLinkItems = 0;
  std::vector<QCPItemText*> mCellLabels; ///< hidden when the cores are drawn too small to read them
};

/// The heat colour of a link load in [0, 1] (light yellow to dark red).
QColor linkHeatColor(double fraction);

} // namespace llmwb::ui
