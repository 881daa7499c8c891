// SPDX-License-Identifier: GPL-3.0-or-later
// llmwb-cli: the workbench without a display.

#include "app/cli/cli_args.h"
#include "app/cli/command_table.h"
#include "core/io/input_error.h"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace {
bool asksForHelp(const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(), [](const std::string& w) { return w == "--help" || w == "-h"; });
}
} // namespace

int main(int argc, char** argv) {
  using namespace llmwb::cli;
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words.front() == "--help" || words.front() == "-h" || words.front() == "help") {
    // `help COMMAND` as `COMMAND --help`.
    if (words.size() == 2 && words.front() == "help" && findCommand(words[1])) {
      std::cout << commandUsage(*findCommand(words[1]));
      return 0;
    }
    std::cout << fullUsage();
    return words.empty() ? 2 : 0;
  }
  if (words.front() == "--version" || words.front() == "-V") {
    std::cout << "llmwb-cli " << LLMWB_VERSION << "\n";
    return 0;
  }
  const std::string name = words.front();
  words.erase(words.begin());
  const CommandEntry* command = findCommand(name);
  try {
    if (!command) throw UsageError("unknown command \"" + name + "\"");
    if (asksForHelp(words)) {
      std::cout << commandUsage(*command);
      return 0;
    }
    return command->run(words, std::cout, std::cerr);
  } catch (const UsageError& e) {
    // The command's own usage (the whole list only when the command is unknown).
    std::cerr << "llmwb-cli: " << e.what() << "\n\n" << (command ? commandUsage(*command) : fullUsage());
    return 2;
  } catch (const llmwb::InputError& e) {
    std::cerr << "llmwb-cli: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "llmwb-cli: error: " << e.what() << "\n";
    return 1;
  }
}
