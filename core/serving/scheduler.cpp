// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/scheduler.h"



namespace llmwb::serving {


const SchedulerRegistry& schedulers() {
  static const SchedulerRegistry registry = filledRegistry(registerBuiltinSchedulers);
  return registry;
}

std::vector<std::string> schedulerNames() {
  std::vector<std::string> out;
  for (const auto& e : schedulers().entries()) out.push_back(e.name);
  return out;
}

} // namespace llmwb::serving
