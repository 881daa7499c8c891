// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The commands of llmwb-cli: each one's name, usage text and entry point, so that the dispatch,
// `llmwb-cli --help` and `llmwb-cli COMMAND --help` read one list. A new command is a row here.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace llmwb::cli {

using CommandFunction = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

struct CommandEntry {
  std::string_view name;
  CommandFunction run;
  /// Synopsis (the name first, continuation lines indented under it) and description, 80 columns.
  std::string_view usage;
};

inline constexpr std::string_view kPresetsNote =
    "\nPresets are searched in $LLMWB_PRESETS, ~/.local/share/llmwb/presets and the installed presets.\n";

const std::vector<CommandEntry>& commandTable();
/// The command of that name, or nullptr.
const CommandEntry* findCommand(std::string_view name);
/// "usage: llmwb-cli NAME ..." and its description: what `llmwb-cli NAME --help` prints.
std::string commandUsage(const CommandEntry& command);
/// Every command's usage: what `llmwb-cli --help` prints.
std::string fullUsage();

} // namespace llmwb::cli
