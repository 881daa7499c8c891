// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_args.h"

#include <algorithm>
#include <cstdlib>

namespace llmwb::cli {

Args::Args(const std::vector<std::string>& words, const std::vector<std::string>& valued,
           const std::vector<std::string>& flags) {
  auto known = [](const std::vector<std::string>& list, const std::string& w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    if (w.rfind("--", 0) != 0) {
      mPositional.push_back(w);
      continue;
    }
    std::string name = w.substr(2), inlineValue;
    bool hasInline = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      inlineValue = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasInline = true;
    }
    if (known(flags, name)) {
      if (hasInline) throw UsageError("--" + name + " takes no value");
      mFlags.push_back(name);
    } else if (known(valued, name)) {
      if (hasInline) mValues[name] = inlineValue;
      else if (i + 1 < words.size()) mValues[name] = words[++i];
      else throw UsageError("--" + name + " needs a value");
      mEveryValue.emplace_back(name, mValues[name]);
    } else {
      throw UsageError("unknown option " + w);
    }
  }
}

bool Args::flag(const std::string& name) const {
  return std::find(mFlags.begin(), mFlags.end(), name) != mFlags.end();
}

std::optional<std::string> Args::value(const std::string& name) const {
  if (auto it = mValues.find(name); it != mValues.end()) return it->second;
  return std::nullopt;
}

std::string Args::required(const std::string& name) const {
  if (auto v = value(name)) return *v;
  throw UsageError("missing --" + name);
}

std::optional<long long> Args::integer(const std::string& name, long long low, long long high) const {
  const auto v = value(name);
  if (!v) return std::nullopt;
  char* end = nullptr;
  const long long n = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || n < low || n > high)
    throw UsageError("--" + name + " expects a whole number from " + std::to_string(low) + " to " +
                     std::to_string(high) + ", got \"" + *v + "\"");
  return n;
}

std::vector<std::string> Args::values(const std::string& name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : mEveryValue)
    if (n == name) out.push_back(v);
  return out;
}

} // namespace llmwb::cli
