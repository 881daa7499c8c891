// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace llmwb::cli {

/// Each command returns the process exit status: 0 success (an infeasible design included),
/// 1 bad input (file, field or value),
/// 2 bad command line.
int evaluateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int presetsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// `engines list [--json]`: the registered engines with a one-line description each.
int enginesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// `compare --project FILE [--json]`: the design beside its comparisons and the paper's published figures (compare_command.cpp).
int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int validateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int importModelCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// params [--markdown | --update FILE]: the generated preset reference (core/io/preset_reference.h).
int paramsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// Design-space exploration (explore_commands.cpp). 130: stopped by a signal, resumable.
int exploreCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int mergeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int convergenceCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rooflineCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int sweepBatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// Snake per-layer schedule (schedule_command.cpp).
int scheduleCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int arraySweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// The request-level serving simulator (serve_commands.cpp).
int serveCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int serveSweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// Runs llmwb-export (the GUI part's headless figure exporter) and returns its exit status.
int exportFiguresCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace llmwb::cli
