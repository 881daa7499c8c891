// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/views/view_registry.h"

#include <stdexcept>

namespace llmwb::ui {

void ViewRegistry::add(ViewType view) {
  if (view.id.empty()) throw std::invalid_argument("a result view needs an id");
  if (find(view.id)) throw std::invalid_argument("result view \"" + view.id + "\" is registered twice");
  if (!view.build) throw std::invalid_argument("result view \"" + view.id + "\" has no build()");
  if (!view.applies) view.applies = [](const ProjectResults&) { return true; };
  mViews.push_back(std::move(view));
}

const ViewType* ViewRegistry::find(const std::string& id) const {
  for (const auto& v : mViews)
    if (v.id == id) return &v;
  return nullptr;
}

} // namespace llmwb::ui
