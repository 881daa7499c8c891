// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `llmwb-cli schedule --json`: detail reports (core/engine/detail_report.h) as one JSON document,
// whatever engine made them: {"system", "model", "reports": [{"group", "title", <facts>,
// <table key>: [{<column key>: cell, ...}, ...]}]}.

#include "core/engine/detail_report.h"

#include <string>
#include <utility>
#include <vector>

namespace llmwb::io {

/// Each report with the group it is of (ReportQuery::group).
std::string detailReportsJson(const std::string& system, const std::string& model,
                              const std::vector<std::pair<std::string, engine::DetailReport>>& reports);

} // namespace llmwb::io
