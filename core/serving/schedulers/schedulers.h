// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The built-in schedulers' factories, one folder each; registered in core/serving/scheduler.cpp.

#include "core/serving/scheduler.h"

#include <memory>

namespace llmwb::serving {

std::unique_ptr<Scheduler> makeStatic();        // schedulers/static/
std::unique_ptr<Scheduler> makeContinuous();    // schedulers/continuous/
std::unique_ptr<Scheduler> makeChunked();       // schedulers/chunked/
std::unique_ptr<Scheduler> makeDisaggregated(); // schedulers/disaggregated/
std::unique_ptr<Scheduler> makeFused();         // schedulers/fused/
std::unique_ptr<Scheduler> makeNpusim();        // schedulers/npusim/

} // namespace llmwb::serving
