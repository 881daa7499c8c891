// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The shape every pluggable family shares (engines, schedulers, search methods, compute kinds):
// named entries with a one-line description and a factory, added at one registration point,
// found by name; an unknown name is refused with the list of known ones.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace llmwb {

template <class Factory>
class NamedRegistry {
public:
  struct Entry {
    std::string name;
    std::string description; ///< one line, for listings such as `llmwb-cli engines list`
    Factory factory;
  };

  /// `what` names the family in messages: "engine", "scheduler", "search method".
  explicit NamedRegistry(std::string what) : mWhat(std::move(what)) {}

  /// Throws std::invalid_argument when the name is taken.
  void add(std::string name, std::string description, Factory factory) {
    if (find(name)) throw std::invalid_argument(mWhat + " \"" + name + "\" is registered twice");
    mEntries.push_back({std::move(name), std::move(description), std::move(factory)});
  }

  const Entry* find(const std::string& name) const {
    for (const auto& e : mEntries)
      if (e.name == name) return &e;
    return nullptr;
  }

  /// Throws std::invalid_argument naming every known entry when there is none of that name.
  const Entry& get(const std::string& name) const {
    if (const auto* e = find(name)) return *e;
    throw std::invalid_argument("unknown " + mWhat + " \"" + name + "\" (known: " + names() + ")");
  }

  const std::vector<Entry>& entries() const { return mEntries; }

  std::string names() const { ///< "a, b, c" for messages
    std::string out;
    for (const auto& e : mEntries) out += (out.empty() ? "" : ", ") + e.name;
    return out;
  }

private:
  std::string mWhat;
  std::vector<Entry> mEntries;
};

/// A family's registry as its registration point fills it: `static const X r = filledRegistry(registerBuiltinX);`
template <class Registry>
Registry filledRegistry(void (*fill)(Registry&)) {
  Registry registry;
  fill(registry);
  return registry;
}

} // namespace llmwb
