// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace llmwb::cli {

/// A bad command line: printed with the usage of the command, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// --name value / --flag options and positional words of one subcommand.
class Args {
public:
  /// `valued` lists the options that take a value, `flags` those that do not.
  Args(const std::vector<std::string>& words, const std::vector<std::string>& valued, const std::vector<std::string>& flags);

  bool flag(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const; ///< the last one given
  std::vector<std::string> values(const std::string& name) const;  ///< every one, in order (repeatable options)
  std::string required(const std::string& name) const;
  /// A whole number within [low, high].
  std::optional<long long> integer(const std::string& name, long long low, long long high) const;
  const std::vector<std::string>& positional() const { return mPositional; }

private:
  std::map<std::string, std::string> mValues;
  std::vector<std::pair<std::string, std::string>> mEveryValue;
  std::vector<std::string> mFlags;
  std::vector<std::string> mPositional;
};

} // namespace llmwb::cli
