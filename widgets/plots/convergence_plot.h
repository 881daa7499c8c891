// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Hypervolume against evaluations (ExplorationResult::hypervolumeTrace); several runs overlaid.

#include "core/dse/design_space.h"
#include "widgets/plots/plot_view.h"

namespace llmwb::ui {

class ConvergencePlot : public PlotView {
  Q_OBJECT
public:
  explicit ConvergencePlot(QWidget* parent = nullptr);

  /// The space whose objectives the hypervolume is measured in (for the axis unit).
  void setSpace(const dse::DesignSpace& space);
  /// Adds a run, or replaces the run of that label (a live run grows this way).
  void setRun(const QString& label, std::vector<double> hypervolumeTrace);
  void removeRun(const QString& label);
  void clearRuns();
  std::size_t runCount() const { return mRuns.size(); }
  /// A horizontal reference (the exact front's hypervolume); 0 hides it.
  void setReference(double hypervolume, const QString& label);

  PlotTable table() const override;
  QString figureName() const override { return QStringLiteral("convergence"); }

protected:
  void rebuild() override;

private:
  struct Run {
    QString label;
    std::vector<double> trace;
  };
  std::vector<Run> mRuns;
  QString mUnit;
  double mReference = 0;
  QString mReferenceLabel;
};

} // namespace llmwb::ui
