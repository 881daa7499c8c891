// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving/scheduler.h"

#include "core/serving/schedulers/schedulers.h"

#include <stdexcept>

namespace llmwb::serving {

void SchedulerRegistry::add(std::string name, std::string description, Factory factory) {
  if (find(name)) throw std::invalid_argument("scheduler \"" + name + "\" is registered twice");
  mEntries.push_back({std::move(name), std::move(description), std::move(factory)});
}

const SchedulerRegistry::Entry* SchedulerRegistry::find(const std::string& name) const {
  for (const auto& e : mEntries)
    if (e.name == name) return &e;
  return nullptr;
}

std::unique_ptr<Scheduler> SchedulerRegistry::create(const std::string& name) const {
  if (const auto* e = find(name)) return e->factory();
  throw std::invalid_argument("unknown scheduler \"" + name + "\" (known: " + names() + ")");
}

std::string SchedulerRegistry::names() const {
  std::string known;
  for (const auto& e : mEntries) known += (known.empty() ? "" : ", ") + e.name;
  return known;
}

void registerBuiltinSchedulers(SchedulerRegistry& r) {
  r.add("static", "static batching: a batch is prefilled, then decoded to its last request before the next", makeStatic);
  r.add("continuous", "continuous (iteration-level) batching: requests join and leave between steps, prefills first",
        makeContinuous);
  r.add("chunked", "chunked prefill (Sarathi): prefill chunks ride with the decodes under a per-step token budget",
        makeChunked);
  r.add("disaggregated", "PD disaggregation: prefill pool, KV hand-off over the phase link, decode pool", makeDisaggregated);
  r.add("fused", "PD fusion: whole prompts and decodes in the same steps on one pool", makeFused);
}

const SchedulerRegistry& schedulers() {
  static const SchedulerRegistry registry = [] {
    SchedulerRegistry r;
    registerBuiltinSchedulers(r);
    return r;
  }();
  return registry;
}

std::vector<std::string> schedulerNames() {
  std::vector<std::string> out;
  for (const auto& e : schedulers().entries()) out.push_back(e.name);
  return out;
}

} // namespace llmwb::serving
