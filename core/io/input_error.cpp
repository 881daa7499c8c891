// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/input_error.h"

namespace llmwb {

namespace {
std::string compose(const std::string& file, const std::string& field, const std::string& message) {
  std::string text = file.empty() ? std::string("<input>") : file;
  if (!field.empty()) text += ": " + field;
  return text + ": " + message;
}
} // namespace

InputError::InputError(std::string file, std::string field, std::string message)
    : std::runtime_error(compose(file, field, message)), mFile(std::move(file)), mField(std::move(field)),
      mMessage(std::move(message)) {}

} // namespace llmwb
