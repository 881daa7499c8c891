// SPDX-License-Identifier: GPL-3.0-or-later
// The registration lines: one per view, in tab order. Each view's ViewType is made in its own
// folder.
#include "widgets/views/view_registry.h"

namespace llmwb::ui {

ViewType summaryView();   // widgets/results/summary_view.cpp
ViewType rooflineView();  // widgets/plots/roofline_view.cpp
ViewType breakdownView(); // widgets/plots/breakdown_view.cpp
ViewType explorerView();  // widgets/explore/explorer_view_type.cpp
ViewType servingView();   // widgets/serving/serving_view_type.cpp
ViewType npusimChipView(); // widgets/npusim/npusim_view_type.cpp
ViewType snakeDieView();   // widgets/snake/snake_view_type.cpp

const ViewRegistry& builtinViews() {
  static const ViewRegistry registry = [] {
    ViewRegistry r;
    r.add(summaryView());
    r.add(rooflineView());
    r.add(breakdownView());
    r.add(explorerView());
    r.add(servingView());
    r.add(npusimChipView());
    r.add(snakeDieView());
    return r;
  }();
  return registry;
}

} // namespace llmwb::ui
