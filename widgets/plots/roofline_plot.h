// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Roofline (log-log): operational intensity against FLOP/s, a ceiling per compute unit and per
// memory level, one point per operator coloured by class; prefill circles, decode triangles.

#include "widgets/plots/plot_view.h"
#include "widgets/evaluation/roofline_data.h"

namespace llmwb::ui {

class RooflinePlot : public PlotView {
  Q_OBJECT
public:
  enum class PhaseFilter { Both, Prefill, Decode };

  explicit RooflinePlot(QWidget* parent = nullptr);

  void setData(RooflineData data);
  const RooflineData& data() const { return mData; }
  void setPhaseFilter(PhaseFilter filter);
  PhaseFilter phaseFilter() const { return mFilter; }

  PlotTable table() const override;
  QString figureName() const override;

  /// Graph kinds, as the "llmwb.kind" property of each QCPGraph (tests and exports read it).
  static constexpr const char* kKindProperty = "llmwb.kind";

protected:
  void rebuild() override;
  void addContextActions(QMenu& menu) override;

private:
  bool shows(Phase p) const;
  bool shows(const RooflineCeiling& c) const;

  RooflineData mData;
  PhaseFilter mFilter = PhaseFilter::Both;
};

} // namespace llmwb::ui
