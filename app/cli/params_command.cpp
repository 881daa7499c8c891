// SPDX-License-Identifier: GPL-3.0-or-later
// `llmwb-cli params`: the reference of every preset field, generated from the parameter tables.
#include "app/cli/commands.h"
#include "core/io/preset_reference.h"

#include <fstream>
#include <sstream>

namespace llmwb::cli {

int paramsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string reference = io::presetReferenceMarkdown();
  if (args.empty() || (args.size() == 1 && args[0] == "--markdown")) {
    out << reference;
    return 0;
  }
  if (args.size() == 2 && args[0] == "--update") {
    const std::string& path = args[1];
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      err << "llmwb-cli params: cannot read " << path << "\n";
      return 1;
    }
    const auto updated = io::withGeneratedSection(text.str(), reference);
    if (!updated) {
      err << "llmwb-cli params: " << path << " has no \"" << io::kGeneratedBegin << "\" ... \"" << io::kGeneratedEnd
          << "\" markers\n";
      return 1;
    }
    std::ofstream(path) << *updated;
    out << "updated " << path << "\n";
    return 0;
  }
  err << "usage: llmwb-cli params [--markdown | --update FILE]\n";
  return 2;
}

} // namespace llmwb::cli
