// SPDX-License-Identifier: GPL-3.0-or-later
// `llmwb-cli export-figures`: the figures need Qt, the CLI must not, so this runs the GUI
// part's headless exporter (llmwb-export) with the same arguments and returns its exit status.

#include "app/cli/commands.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace llmwb::cli {

namespace {
namespace fs = std::filesystem;
constexpr const char* kExporter = "llmwb-export";

bool executable(const fs::path& p) { return !p.empty() && ::access(p.c_str(), X_OK) == 0 && !fs::is_directory(p); }

/// Beside this program (installed: both in bin/), then the build tree's sibling folder, then PATH.
std::optional<fs::path> findExporter() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path dir = self.parent_path();
    for (const fs::path& candidate : {dir / kExporter, dir.parent_path() / "export" / kExporter})
      if (executable(candidate)) return candidate;
  }
  if (const char* path = std::getenv("PATH")) {
    std::string list = path;
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t end = std::min(list.find(':', start), list.size());
      const fs::path candidate = fs::path(list.substr(start, end - start)) / kExporter;
      if (end > start && executable(candidate)) return candidate;
      start = end + 1;
    }
  }
  return std::nullopt;
}
} // namespace

int exportFiguresCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto exporter = findExporter();
  if (!exporter) {
    err << "llmwb-cli: export-figures needs llmwb-export, the headless figure exporter of the GUI part, and it "
           "is neither beside llmwb-cli, in the build tree (app/export/) nor on PATH. Build with "
           "-DLLMWB_BUILD_GUI=ON (Qt 6 and QCustomPlot) or install the llmwb package.\n";
    return 1;
  }
  std::vector<std::string> words{exporter->string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  out.flush();
  err.flush();
  pid_t child = 0;
  if (const int e = ::posix_spawn(&child, exporter->c_str(), nullptr, nullptr, argv.data(), environ); e != 0) {
    err << "llmwb-cli: cannot run " << exporter->string() << ": " << std::strerror(e) << "\n";
    return 1;
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0)
    if (errno != EINTR) {
      err << "llmwb-cli: lost " << exporter->string() << ": " << std::strerror(errno) << "\n";
      return 1;
    }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

} // namespace llmwb::cli
