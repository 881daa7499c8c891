// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace llmwb::edit {

/// An edit that cannot be made as asked ("HBM3E 8-high is off-chip memory; it cannot sit on-chip").
/// The spec is left unchanged.
struct EditError : std::invalid_argument {
  explicit EditError(const std::string& message) : std::invalid_argument(message) {}
};

} // namespace llmwb::edit
