// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The reference section of docs/preset-format.md, generated from the parameter tables (every
// compute kind's, the device blocks', the links'). tests/core/params/tst_params_docs.cpp fails when
// the file is out of date; `llmwb-cli params --update docs/preset-format.md` rewrites it.

#include <optional>
#include <string>

namespace llmwb::io {

inline constexpr const char* kGeneratedBegin = "<!-- generated: params -->";
inline constexpr const char* kGeneratedEnd = "<!-- end generated -->";

/// Markdown: one table per spec block, with key (unit in it), type, unit, default, range, meaning
/// and source.
std::string presetReferenceMarkdown();

/// The text between the markers, or nothing when `document` lacks them.
std::optional<std::string> generatedSection(const std::string& document);
/// `document` with the text between the markers replaced by `section`; nothing without markers.
std::optional<std::string> withGeneratedSection(const std::string& document, const std::string& section);

} // namespace llmwb::io
