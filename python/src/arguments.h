// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks on the Python API's arguments, with the command line's ranges and messages that name the
// argument (llmwb.InputError with file "argument NAME").

#include "core/io/input_error.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace llmwb::python {

inline long long checkedWhole(const char* name, long long value, long long min, long long max) {
  if (value < min || value > max)
    throw InputError(std::string("argument ") + name, "",
                     "expected a whole number in [" + std::to_string(min) + ", " + std::to_string(max) + "]; got " +
                         std::to_string(value));
  return value;
}

inline double checkedPositive(const char* name, double value) {
  if (!std::isfinite(value) || value <= 0)
    throw InputError(std::string("argument ") + name, "", "expected a positive finite number; got " + std::to_string(value));
  return value;
}

inline double checkedRange(const char* name, double value, double min, double max) {
  if (!(value >= min && value <= max)) {
    char text[96];
    std::snprintf(text, sizeof text, "expected a number from %g to %g; got %g", min, max, value);
    throw InputError(std::string("argument ") + name, "", text);
  }
  return value;
}

} // namespace llmwb::python
