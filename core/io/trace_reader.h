// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Request traces for the serving simulator: arrival time and lengths per request.
//
// CSV: a header naming the columns arrival_s, input_tokens and output_tokens (in any order; other
// columns are ignored), then one request per line. JSONL: one object per line with the same keys.
// A file is read as JSONL when it ends in .jsonl or its first non-blank character is '{'.
// Blank lines and lines starting with '#' are skipped. Errors are InputErrors naming the file,
// the line and the field ("line 7/input_tokens").

#include "core/serving/serving.h"

#include <string>
#include <vector>

namespace llmwb::io {

std::vector<serving::RequestSpec> readTrace(const std::string& path);
/// The same from text (`origin` names it in errors).
std::vector<serving::RequestSpec> parseTrace(const std::string& text, const std::string& origin, bool jsonLines);

} // namespace llmwb::io
