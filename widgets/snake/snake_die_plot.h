// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Snake logic die: its PUs in a grid (chain order snakes through it, so the 1 x 16 chain of
// the S modes links neighbours), each PU's cores with the logical array shape of the selected
// operator's plan, the PUs coloured by the slice of N they hold, and the NoC transfers the mode
// needs (the partial-sum reductions of IS-S along the chain and of the ST modes along the columns
// of the 4 x 4 mesh) as arrows coloured by bytes. Hover a PU, core or arrow for its numbers.

#include "widgets/plots/plot_view.h"
#include "widgets/snake/snake_die_data.h"

namespace llmwb::ui {

class SnakeDiePlot : public PlotView {
  Q_OBJECT
public:
  explicit SnakeDiePlot(QWidget* parent = nullptr);

  void setData(SnakeDieData data);
  const SnakeDieData& data() const { return mData; }
  int puItems() const { return mPuItems; }
  int coreItems() const { return mCoreItems; }
  int nocItems() const { return mNocItems; }

  PlotTable table() const override;
  QString figureName() const override { return QStringLiteral("snake-die"); }

protected:
  void rebuild() override;

private:
  void fitAspect();
  SnakeDieData mData;
  double mWidth = 1, mHeight = 1; ///< the drawing's extent in plot units
  QString mHeading, mShortHeading;  ///< the short one when the full one does not fit
  std::vector<QCPItemText*> mPuLabels, mCoreLabels; ///< hidden when the die is drawn too small to read them
  int mPuItems = 0, mCoreItems = 0, mNocItems = 0;
};

/// Where PU `p` (chain order) sits on a grid `columns` wide: row p / columns, left to right on even
/// rows and right to left on odd ones.
std::pair<int, int> snakePuCell(int p, int columns);

} // namespace llmwb::ui
