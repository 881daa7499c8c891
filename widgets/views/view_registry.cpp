// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/views/view_registry.h"

#include "core/engine/engine_registry.h"

#include <algorithm>
#include <stdexcept>

namespace llmwb::ui {

void ViewRegistry::add(ViewType view) {
  if (view.id.empty()) throw std::invalid_argument("a result view needs an id");
  if (find(view.id)) throw std::invalid_argument("result view \"" + view.id + "\" is registered twice");
  if (!view.build) throw std::invalid_argument("result view \"" + view.id + "\" has no build()");
  if (!view.detail.empty())
    view.applies = [type = view.detail](const ProjectResults& r) { return r.request && makesDetail(r.request->system, type); };
  if (!view.applies) view.applies = [](const ProjectResults&) { return true; };
  mViews.push_back(std::move(view));
}

bool makesDetail(const SystemSpec& system, std::string_view type) {
  return std::any_of(system.groups.begin(), system.groups.end(), [&](const DeviceGroup& g) {
    const auto* e = engine::engines().find(engine::engineFor(system, g));
    return e && e->makes(type);
  });
}

engine::GroupModels groupModels(const EvaluationRequest& request) {
  engine::GroupModels models;
  for (const auto& g : request.system.groups) {
    try {
      models.push_back(engine::buildModel(request.system, g, request.model, false, false));
    } catch (const std::exception&) {
      models.push_back(nullptr); // the evaluation reports why
    }
  }
  return models;
}

engine::GroupModels groupModels(const ProjectResults& results) {
  if (results.main && !results.main->models.empty()) return results.main->models;
  return results.request ? groupModels(*results.request) : engine::GroupModels{};
}

const ViewType* ViewRegistry::find(const std::string& id) const {
  for (const auto& v : mViews)
    if (v.id == id) return &v;
  return nullptr;
}

} // namespace llmwb::ui
