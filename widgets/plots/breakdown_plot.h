// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Stacked bars in a grid of panels (BreakdownData): each panel its own value axis with an SI
// prefix chosen for its largest bar; one legend for all panels, right of the grid.

#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/plot_view.h"

namespace llmwb::ui {

class BreakdownPlot : public PlotView {
  Q_OBJECT
public:
  explicit BreakdownPlot(QWidget* parent = nullptr);

  void setData(BreakdownData data);
  const BreakdownData& data() const { return mData; }

  PlotTable table() const override;
  QString figureName() const override;
  double figureHeightMm(double widthMm) const override;

protected:
  void rebuild() override;
  QString plottableTooltipAt(const QPointF& pos) const override;
  bool fitToLayout() override;
  bool figureCramped() const override { return mCramped; }

private:
  struct BarsInfo {
    QCPBars* bars = nullptr;
    std::size_t panel = 0, series = 0;
  };
  BreakdownData mData;
  QCPLayoutGrid* mGrid = nullptr;
  QCPLegend* mLegend = nullptr;
  std::vector<BarsInfo> mBars;
  /// Each panel's axes, the top of its highest bar (or limit) in axis units and its bar totals.
  struct PanelFit {
    QCPAxis* categories = nullptr;
    QCPAxis* values = nullptr;
    double top = 0;
    double limit = 0; ///< the panel's limit line in axis units (0: none)
    std::vector<QCPItemText*> totals;
    std::size_t panel = 0; ///< in mData.panels
  };
  std::vector<PanelFit> mPanelFits;
  bool mCramped = false; ///< a panel too short for its totals
  int mScreenFits = 0;   ///< replots in a row that the on-screen fit asked for
};

} // namespace llmwb::ui
