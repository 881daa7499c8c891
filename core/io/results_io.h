// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exploration results on disk (docs/dse.md):
// - the journal, JSON Lines: a header line, then one line per evaluated point as it completes,
//   so a killed sweep resumes without redoing what is on disk;
// - the results document, JSON: the space it came from, the run, the Pareto set, the
//   hypervolume trace and every point (one per line), read back by `merge` without holding the
//   whole document in memory;
// - the convergence study (Fig. 6): per method and step, mean and standard deviation of the
//   hypervolume over seeds, against the exact front's.

#include "core/dse/convergence.h"
#include "core/dse/exploration.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace llmwb {

/// Part K of N of a grid (K from 1).
struct Shard {
  int index = 1;
  int count = 1;
  std::uint64_t begin(std::uint64_t gridSize) const { return gridSize * std::uint64_t(index - 1) / std::uint64_t(count); }
  std::uint64_t end(std::uint64_t gridSize) const { return gridSize * std::uint64_t(index) / std::uint64_t(count); }
};

struct RunInfo {
  std::string method;
  std::uint64_t seed = 1;
  std::optional<std::size_t> budget; ///< none for an exhaustive sweep
  std::size_t initialPoints = 0;
  std::optional<Shard> shard;
  std::uint64_t designCount = 0; ///< distinct designs in the space (0: continuous)
  /// Every file the problem was read from, with its digest (io::ReadLog): the journal's check that
  /// a resume evaluates the same presets.
  std::map<std::string, std::string> inputs;
};

/// Appends points to a JSON Lines journal. An existing journal must belong to the same run
/// (space, method, seed, shard) and the same inputs (RunInfo::inputs: no preset edited since);
/// its points are then returned by previous(). `restart` discards an existing journal instead.
class ExplorationJournal {
public:
  ExplorationJournal(const std::string& path, const dse::DesignSpace& space, const RunInfo& run, bool restart = false);
  ~ExplorationJournal();
  ExplorationJournal(const ExplorationJournal&) = delete;
  ExplorationJournal& operator=(const ExplorationJournal&) = delete;

  const std::vector<dse::PointResult>& previous() const { return mPrevious; }
  /// Buffers a point unless it came from previous(); written every 256 points and on disk
  /// (fsync) at checkpoints at most a second apart.
  void append(const dse::PointResult& point);
  /// Writes and fsyncs what is buffered.
  void flush();

private:
  void write(bool sync);

  const dse::DesignSpace& mSpace;
  std::string mPath;
  int mFd = -1;
  std::string mBuffer;
  std::chrono::steady_clock::time_point mLastSync{};
  std::vector<dse::PointResult> mPrevious;
  std::set<std::vector<double>> mPreviousPoints;
  std::size_t mAppended = 0;
};

/// The results document. `hypervolume_reference` states the reference point in the objectives'
/// own units and directions.
void writeResults(std::ostream& out, const dse::DesignSpace& space, const RunInfo& run, const dse::ExplorationResult& result);

struct ResultsFile {
  dse::DesignSpace space;
  RunInfo run;
  std::vector<dse::PointResult> points; ///< in the file's order
  bool cancelled = false;
};
/// Reads a results document written by writeResults (points streamed, not held twice).
ResultsFile readResults(const std::string& path);

/// Joins the shard documents of one exhaustive sweep: every shard 1..N once, the same space and
/// seed. The result equals the document of the unsharded sweep. Throws InputError otherwise.
ResultsFile mergeResults(const std::vector<std::string>& paths);

/// The exact front of `space` from the results file of a complete exhaustive sweep of it (the
/// convergence study's ceiling): its hypervolume and a line saying where it comes from. An
/// InputError when the file is of another space, or of another method, a shard or a budget.
struct ExactFront {
  double hypervolume = 0;
  std::string source;
};
ExactFront readExactFront(const std::string& path, const dse::DesignSpace& space);

/// The convergence study document (docs/dse.md "Convergence study").
void writeConvergence(std::ostream& out, const dse::DesignSpace& space, const dse::ConvergenceResult& study);

} // namespace llmwb
