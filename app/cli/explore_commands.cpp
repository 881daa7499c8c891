// SPDX-License-Identifier: GPL-3.0-or-later
// explore, merge and convergence: design-space exploration from the command line (docs/dse.md).
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "core/io/atomic_file.h"
#include "core/io/input_error.h"
#include "core/io/read_log.h"
#include "core/io/results_io.h"
#include "core/io/space_io.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace llmwb::cli {

namespace {
using Clock = std::chrono::steady_clock;

std::atomic<bool> gStop{false};
/// The first signal asks to stop; a second one (the user does not want to wait) ends at once.
extern "C" void onSignal(int) {
  if (gStop.exchange(true)) std::_Exit(130);
}

/// Ctrl-C and SIGTERM (a Slurm time limit) stop after the points under way; the journal keeps them
/// (a second Ctrl-C ends the process at once: at most the line being written is lost).
struct StopOnSignal {
  StopOnSignal() {
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
  }
  ~StopOnSignal() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
};

Shard parseShard(const std::string& text) {
  const auto slash = text.find('/');
  try {
    if (slash != std::string::npos) {
      std::size_t used = 0;
      const int k = std::stoi(text.substr(0, slash), &used);
      if (used == slash) {
        const int n = std::stoi(text.substr(slash + 1), &used);
        if (used == text.size() - slash - 1 && n >= 1 && k >= 1 && k <= n) return {k, n};
      }
    }
  } catch (const std::exception&) {
  }
  throw UsageError("--shard expects K/N with 1 <= K <= N, e.g. 2/8; got \"" + text + "\"");
}

/// Runs a file operation of core/io (which throws "PATH: why") and reports its failure as an
/// InputError naming the file.
template <class Operation> void onFile(const std::string& path, Operation operation) {
  try {
    operation();
  } catch (const std::runtime_error& e) {
    const std::string what = e.what(); // "PATH: why"
    throw InputError(path, "", what.substr(std::min(what.size(), path.size() + 2)));
  }
}

/// A reader never sees half a document, and a finished one is on disk (io::writeFileAtomically).
void writeAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  onFile(path, [&] { io::writeFileAtomically(path, write); });
}

/// Refuses an output path that is not a file (a device, a FIFO, a folder) before any work is done.
void checkOutput(const std::string& path) {
  onFile(path, [&] { io::checkSaveTarget(path); });
}

std::string formatDuration(double seconds) {
  char text[32];
  if (seconds < 120) std::snprintf(text, sizeof text, "%.1f s", seconds);
  else std::snprintf(text, sizeof text, "%.1f min", seconds / 60);
  return text;
}

/// Progress on stderr, at most once a second (and never for runs shorter than that).
class ProgressPrinter {
public:
  explicit ProgressPrinter(std::ostream& err) : mErr(err), mStart(Clock::now()), mLast(mStart) {}
  void operator()(const dse::Progress& p) {
    const auto now = Clock::now();
    if (now - mLast < std::chrono::seconds(1) && p.done < p.total) return;
    mLast = now;
    const double elapsed = std::chrono::duration<double>(now - mStart).count();
    if (elapsed < 1.0) return;
    mErr << "explore: " << p.done << "/" << p.total << " points, " << p.feasible << " feasible, " << p.paretoSize
         << " on the front, hypervolume " << std::setprecision(6) << p.hypervolume << ", " << formatDuration(elapsed) << "\n";
  }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - mStart).count(); }

private:
  std::ostream& mErr;
  Clock::time_point mStart, mLast;
};

void printFront(std::ostream& out, const dse::DesignSpace& space, const std::vector<dse::PointResult>& points,
                const std::vector<std::size_t>& pareto) {
  if (pareto.empty()) return;
  out << "Pareto set (" << pareto.size() << " designs):\n";
  std::vector<std::size_t> order = pareto;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return points[a].objectives < points[b].objectives; });
  for (std::size_t n = 0; n < order.size() && n < 40; ++n) {
    const auto& p = points[order[n]];
    out << " ";
    for (std::size_t k = 0; k < space.objectives.size(); ++k)
      out << " " << space.objectives[k].metric << " " << std::setprecision(4) << p.objectives[k];
    out << " |";
    for (std::size_t i = 0; i < space.parameters.size(); ++i) {
      const auto& d = space.parameters[i].domain;
      if (d.discrete() && d.values.size() == 1) continue; // fixed settings
      out << " " << space.parameters[i].name << "=" << dse::toString(d.discrete() ? d.values[std::size_t(p.point.coordinates[i])]
                                                                                  : dse::ParameterValue(p.point.coordinates[i]));
    }
    out << "\n";
  }
  if (order.size() > 40) out << "  ... (" << order.size() - 40 << " more in the results file)\n";
}

void printSummary(std::ostream& out, const std::string& path, const dse::ExplorationResult& r) {
  std::size_t feasible = 0;
  for (const auto& p : r.points) feasible += p.feasible ? 1 : 0;
  out << "explore: " << r.points.size() << " points (" << r.evaluated << " evaluated now), " << feasible << " feasible, "
      << r.pareto.size() << " on the Pareto front, hypervolume " << std::setprecision(6) << r.hypervolume << "\n";
  out << "wrote " << path << "\n";
}
} // namespace

int exploreCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const Args args(words, {"space", "method", "budget", "seed", "threads", "shard", "out", "initial", "candidates", "presets"},
                  {"quiet", "restart"});
  if (!args.positional().empty()) throw UsageError("unexpected argument \"" + args.positional().front() + "\"");
  const std::string outPath = args.required("out");
  checkOutput(outPath);
  checkOutput(outPath + ".jsonl"); // the journal of an exhaustive sweep
  const std::string method = args.required("method");
  const PresetLibrary library = libraryFor(args);
  io::ReadLog inputs; // every preset the problem is read from, for the journal's resume check
  const auto problem = loadDesignProblem(args.required("space"), library);
  const auto& space = problem.space();

  dse::ExplorationOptions options;
  options.method = method;
  auto& m = options.methodOptions;
  m.seed = std::uint64_t(args.integer("seed", 0, 1ll << 53).value_or(1));
  m.initialPoints = std::size_t(args.integer("initial", 0, dse::kMaxInitialPoints).value_or(20));
  m.candidates = std::size_t(args.integer("candidates", 1, dse::kMaxCandidates).value_or(dse::MethodOptions{}.candidates));
  options.threads = int(args.integer("threads", 0, 4096).value_or(0));
  const bool exhaustive = method == "exhaustive";
  RunInfo run;
  run.method = method;
  run.seed = m.seed;
  run.initialPoints = m.initialPoints;
  run.inputs = inputs.files();
  if (exhaustive) {
    if (!problem.discrete()) throw UsageError("--method exhaustive needs a space whose parameters are all discrete");
    run.designCount = problem.designCount();
    if (const auto shard = args.value("shard")) {
      run.shard = parseShard(*shard);
      m.gridBegin = run.shard->begin(problem.gridSize());
      m.gridEnd = run.shard->end(problem.gridSize());
    }
    m.budget = std::size_t(args.integer("budget", 1, 1ll << 40).value_or(std::int64_t(problem.gridSize())));
    if (args.value("budget")) run.budget = m.budget;
    options.trace = false;
  } else {
    if (args.value("shard")) throw UsageError("--shard splits an exhaustive sweep; the other methods are sequential");
    m.budget = std::size_t(args.integer("budget", 1, 10000000).value_or(100));
    run.budget = m.budget;
    run.designCount = problem.discrete() ? problem.designCount() : 0;
  }

  // The journal: every point on disk as it completes, so a stopped sweep resumes where it was.
  std::optional<ExplorationJournal> journal;
  if (exhaustive) {
    journal.emplace(outPath + ".jsonl", space, run, args.flag("restart"));
    options.previous = journal->previous();
    if (!options.previous.empty() && !args.flag("quiet"))
      err << "explore: resuming from " << outPath << ".jsonl (" << options.previous.size() << " points done)\n";
    options.onResult = [&](const dse::PointResult& r) { journal->append(r); };
  }
  ProgressPrinter progress(err);
  if (!args.flag("quiet")) options.progress = [&](const dse::Progress& p) { progress(p); };
  StopOnSignal stopOnSignal;
  gStop = false;
  options.cancel = &gStop;
  const auto searchStart = Clock::now();
  const auto result = dse::explore(problem, options);
  const double searchSeconds = std::chrono::duration<double>(Clock::now() - searchStart).count();
  if (journal) journal->flush();
  if (result.cancelled) {
    err << "explore: stopped after " << result.points.size() << " points; run the same command again to resume\n";
    return 130;
  }
  writeAtomically(outPath, [&](std::ostream& o) { writeResults(o, space, run, result); });
  if (journal) std::filesystem::remove(outPath + ".jsonl"); // the document now holds every point
  if (!args.flag("quiet")) printFront(out, space, result.points, result.pareto);
  printSummary(out, outPath, result);
  if (!args.flag("quiet")) {
    // The per-design cost of the sweep, what the engine's speed buys (designs evaluated now, over
    // the search alone: reading the space and writing the results left out).
    err << "explore: " << formatDuration(progress.elapsed());
    if (result.evaluated > 0 && searchSeconds > 0)
      err << ", " << std::fixed << std::setprecision(0) << double(result.evaluated) / searchSeconds << " designs/s ("
          << std::setprecision(2) << searchSeconds * 1e6 / double(result.evaluated) << " us each)" << std::defaultfloat;
    err << "\n";
  }
  return 0;
}

int mergeCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"out"}, {});
  if (args.positional().empty()) throw UsageError("expected: merge SHARD.json... --out FILE");
  const auto merged = mergeResults(args.positional());
  dse::ExplorationResult result;
  result.points = merged.points;
  result.pareto = dse::paretoSet(merged.space, result.points);
  result.hypervolume = dse::hypervolumeOf(merged.space, result.points);
  const std::string outPath = args.required("out");
  checkOutput(outPath);
  writeAtomically(outPath, [&](std::ostream& o) { writeResults(o, merged.space, merged.run, result); });
  printSummary(out, outPath, result);
  return 0;
}

int convergenceCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const Args args(words, {"space", "methods", "seeds", "budget", "initial", "candidates", "exact", "threads", "out", "presets"},
                  {"quiet"});
  if (!args.positional().empty()) throw UsageError("unexpected argument \"" + args.positional().front() + "\"");
  const std::string outPath = args.required("out");
  checkOutput(outPath);
  const PresetLibrary library = libraryFor(args);
  const auto problem = loadDesignProblem(args.required("space"), library);
  dse::ConvergenceOptions options;
  if (const auto methods = args.value("methods")) {
    options.methods.clear();
    std::stringstream list(*methods);
    for (std::string name; std::getline(list, name, ',');)
      if (!name.empty()) options.methods.push_back(name);
    if (options.methods.empty()) throw UsageError("--methods expects names separated by commas");
  }
  const auto seeds = args.integer("seeds", 1, 1000).value_or(10);
  options.seeds.clear();
  for (long long s = 1; s <= seeds; ++s) options.seeds.push_back(std::uint64_t(s));
  options.methodOptions.budget = std::size_t(args.integer("budget", 1, 100000).value_or(100));
  options.methodOptions.initialPoints = std::size_t(args.integer("initial", 0, dse::kMaxInitialPoints).value_or(20));
  options.methodOptions.candidates = std::size_t(args.integer("candidates", 1, dse::kMaxCandidates).value_or(dse::MethodOptions{}.candidates));
  options.threads = int(args.integer("threads", 0, 4096).value_or(0));
  if (const auto exact = args.value("exact")) {
    const auto front = readExactFront(*exact, problem.space());
    options.exactHypervolume = front.hypervolume;
    options.exactSource = front.source;
  } else if (!args.flag("quiet")) {
    err << "convergence: sweeping the space exhaustively for the exact front\n";
  }
  const auto start = Clock::now();
  if (!args.flag("quiet"))
    options.progress = [&](std::size_t done, std::size_t total) {
      err << "convergence: " << done << "/" << total << " runs, "
          << formatDuration(std::chrono::duration<double>(Clock::now() - start).count()) << "\n";
    };
  StopOnSignal stopOnSignal;
  gStop = false;
  options.cancel = &gStop;
  const auto study = dse::convergenceStudy(problem, options);
  if (study.cancelled) {
    err << "convergence: stopped\n";
    return 130;
  }
  writeAtomically(outPath, [&](std::ostream& o) { writeConvergence(o, problem.space(), study); });
  out << "exact front hypervolume " << std::setprecision(6) << study.exactHypervolume << " (" << study.exactSource << ")\n";
  out << "after " << options.methodOptions.budget << " evaluations, hypervolume / exact over " << options.seeds.size()
      << " seeds:\n";
  for (const auto& m : study.methods)
    out << "  " << std::left << std::setw(8) << m.method << std::right << std::fixed << std::setprecision(3) << m.meanFinalRatio
        << " +- " << m.stddevFinalRatio << std::defaultfloat << "\n";
  out << "wrote " << outPath << "\n";
  return 0;
}

} // namespace llmwb::cli
