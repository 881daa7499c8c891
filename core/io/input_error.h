// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace llmwb {

/// Bad input from a file or the command line: says which file, which field (a JSON pointer such
/// as /off_chip/0/count) and what was expected. what() gives "file: field: message".
class InputError : public std::runtime_error {
public:
  InputError(std::string file, std::string field, std::string message);
  const std::string& file() const { return mFile; }
  const std::string& field() const { return mField; }
  const std::string& message() const { return mMessage; }

private:
  std::string mFile, mField, mMessage;
};

} // namespace llmwb
