// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A detail product's report over operating points (`llmwb-cli schedule`): named facts and tables
// of typed cells, each column with its key (unit in the key: "time_us") and heading. The product
// fills it; core/io writes it as JSON and the CLI as aligned text, neither knowing the engine.

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace llmwb::engine {

/// Decode operating points a product may be reported over: every batch at every context length
/// (tokens). Empty lists: the product's own default points.
struct OperatingGrid {
  std::vector<double> batches;
  std::vector<double> contexts;
};

/// What `llmwb-cli schedule` asks of a product, and names in its output.
struct ReportQuery {
  std::string system; ///< the system's preset id, as the user named it
  std::string model;  ///< the model's preset id
  std::string group;  ///< "8 x Snake NMP stack": the group the product belongs to
  OperatingGrid grid;
};

/// One cell: a number or a text.
using ReportValue = std::variant<double, std::string>;

struct ReportColumn {
  std::string key;    ///< the JSON key, unit included: "time_us", "share_percent"
  std::string header; ///< the text table's heading: "time us"
  int decimals = 0;   ///< digits after the point in the text table (numbers only)
};

struct ReportTable {
  std::string key;   ///< the JSON key of its rows: "operators"
  std::string title; ///< the line above it in the text table
  std::vector<ReportColumn> columns;
  std::vector<std::vector<ReportValue>> rows; ///< one cell per column
};

struct DetailReport {
  std::string title;                                    ///< "Schedule of llama-3.1-8b on snake/snake (...)"
  std::vector<std::pair<std::string, ReportValue>> facts; ///< JSON keys beside the tables ("points": 18)
  std::vector<ReportTable> tables;
};

} // namespace llmwb::engine
