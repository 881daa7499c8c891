// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/detail_report_json.h"

#include <nlohmann/json.hpp>

namespace llmwb::io {

namespace {
nlohmann::json cellJson(const engine::ReportValue& v) {
  if (const auto* number = std::get_if<double>(&v)) return *number;
  return std::get<std::string>(v);
}
} // namespace

std::string detailReportsJson(const std::string& system, const std::string& model,
                              const std::vector<std::pair<std::string, engine::DetailReport>>& reports) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [group, report] : reports) {
    nlohmann::json r{{"group", group}, {"title", report.title}};
    for (const auto& [key, value] : report.facts) r[key] = cellJson(value);
    for (const auto& table : report.tables) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& row : table.rows) {
        nlohmann::json object = nlohmann::json::object();
        for (std::size_t c = 0; c < table.columns.size() && c < row.size(); ++c) object[table.columns[c].key] = cellJson(row[c]);
        rows.push_back(std::move(object));
      }
      r[table.key] = std::move(rows);
    }
    list.push_back(std::move(r));
  }
  return nlohmann::json{{"system", system}, {"model", model}, {"reports", list}}.dump(2);
}

} // namespace llmwb::io
