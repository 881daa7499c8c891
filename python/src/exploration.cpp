// SPDX-License-Identifier: GPL-3.0-or-later
// Design-space exploration and the convergence study, interruptible from Python (Ctrl+C, or a
// progress callback returning False), with the documents `llmwb-cli explore` / `convergence` write.
#include "python/src/arguments.h"
#include "python/src/bindings.h"

#include "core/dse/convergence.h"
#include "core/io/results_io.h"
#include "core/io/space_io.h"

#include <pybind11/stl.h>

#include <sstream>

namespace llmwb::python {

namespace {

dse::DesignProblem problemOf(const std::string& space) {
  auto lib = library();
  py::gil_scoped_release release;
  return loadDesignProblem(space, *lib);
}

py::object valueObject(const dse::ParameterValue& v) {
  if (const auto* text = std::get_if<std::string>(&v)) return py::str(*text);
  return py::float_(std::get<double>(v));
}

/// One record per point: step, grid index, each parameter by name, feasible, each objective and
/// constraint by metric, pareto, problems.
py::list pointRecords(const dse::DesignSpace& space, const dse::ExplorationResult& r) {
  std::vector<bool> onFront(r.points.size(), false);
  for (const auto i : r.pareto) onFront[i] = true;
  py::list out;
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const auto& p = r.points[i];
    py::dict d;
    d["step"] = i + 1;
    d["index"] = p.index ? py::object(py::int_(*p.index)) : py::object(py::none());
    for (std::size_t k = 0; k < space.parameters.size(); ++k) {
      const auto& domain = space.parameters[k].domain;
      const double c = p.point.coordinates[k];
      d[space.parameters[k].name.c_str()] = valueObject(domain.discrete() ? domain.values[std::size_t(c)] : dse::ParameterValue(c));
    }
    d["feasible"] = p.feasible;
    for (std::size_t k = 0; k < space.objectives.size() && k < p.objectives.size(); ++k)
      d[space.objectives[k].metric.c_str()] = p.objectives[k];
    for (std::size_t k = 0; k < space.constraints.size() && k < p.constraints.size(); ++k)
      d[space.constraints[k].metric.c_str()] = p.constraints[k];
    d["pareto"] = bool(onFront[i]);
    d["problems"] = p.problems;
    out.append(d);
  }
  return out;
}

/// An exploration's outcome as Python holds it: records and the document are made when asked
/// (an exhaustive sweep has hundreds of thousands of points).
struct ExplorationRun {
  dse::DesignSpace space;
  RunInfo run;
  dse::ExplorationResult result;
};

} // namespace

void bindExploration(py::module_& m) {
  py::class_<ExplorationRun>(m, "ExplorationRun", "An exploration's outcome (llmwb.Exploration wraps it).")
      .def("document",
           [](const ExplorationRun& e) {
             std::ostringstream text;
             writeResults(text, e.space, e.run, e.result);
             return text.str();
           })
      .def("records", [](const ExplorationRun& e) { return pointRecords(e.space, e.result); })
      .def_property_readonly("size", [](const ExplorationRun& e) { return e.result.points.size(); })
      .def_property_readonly("pareto", [](const ExplorationRun& e) { return e.result.pareto; })
      .def_property_readonly("hypervolume", [](const ExplorationRun& e) { return e.result.hypervolume; })
      .def_property_readonly("hypervolume_trace", [](const ExplorationRun& e) { return e.result.hypervolumeTrace; })
      .def_property_readonly("evaluated", [](const ExplorationRun& e) { return e.result.evaluated; })
      .def_property_readonly("cancelled", [](const ExplorationRun& e) { return e.result.cancelled; });

  m.def(
      "explore_doc",
      [](const std::string& space, const std::string& method, std::optional<long long> budget, long long seed, long long threads,
         long long initial, std::optional<long long> candidates, const py::object& progress) {
        const auto problem = problemOf(space);
        dse::ExplorationOptions options;
        options.method = method;
        auto& mo = options.methodOptions;
        mo.seed = std::uint64_t(checkedWhole("seed", seed, 0, 1LL << 53));
        mo.initialPoints = std::size_t(checkedWhole("initial", initial, 0, dse::kMaxInitialPoints));
        if (candidates) mo.candidates = std::size_t(checkedWhole("candidates", *candidates, 1, dse::kMaxCandidates));
        options.threads = int(checkedWhole("threads", threads, 0, 4096));
        RunInfo run;
        run.method = method;
        run.seed = mo.seed;
        run.initialPoints = mo.initialPoints;
        if (method == "exhaustive") {
          if (!problem.discrete())
            throw InputError("argument method", "", "exhaustive needs a space whose parameters are all discrete");
          run.designCount = problem.designCount();
          mo.budget = std::size_t(budget ? checkedWhole("budget", *budget, 1, 1LL << 40) : std::int64_t(problem.gridSize()));
          if (budget) run.budget = mo.budget;
          options.trace = false;
        } else {
          mo.budget = std::size_t(checkedWhole("budget", budget.value_or(100), 1, 10000000));
          run.budget = mo.budget;
          run.designCount = problem.discrete() ? problem.designCount() : 0;
        }
        dse::ExplorationResult result;
        runInterruptible(
            [&](const std::atomic<bool>& cancel, const Reporter& report) {
              options.cancel = &cancel;
              options.progress = [&](const dse::Progress& p) {
                report({{"done", double(p.done)}, {"total", double(p.total)}, {"feasible", double(p.feasible)},
                        {"pareto", double(p.paretoSize)}, {"hypervolume", p.hypervolume}});
              };
              result = dse::explore(problem, options);
            },
            progress);
        return ExplorationRun{problem.space(), std::move(run), std::move(result)};
      },
      py::arg("space"), py::arg("method"), py::arg("budget") = py::none(), py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("initial") = 20, py::arg("candidates") = py::none(), py::arg("progress") = py::none());

  m.def(
      "convergence_doc",
      [](const std::string& space, const std::vector<std::string>& methods, long long seeds, long long budget, long long initial,
         std::optional<long long> candidates, long long threads, const std::optional<std::string>& exact,
         const py::object& progress) {
        const auto problem = problemOf(space);
        dse::ConvergenceOptions options;
        if (methods.empty()) throw InputError("argument methods", "", "expected at least one method");
        options.methods = methods;
        options.seeds.clear();
        for (long long s = 1; s <= checkedWhole("seeds", seeds, 1, 1000); ++s) options.seeds.push_back(std::uint64_t(s));
        options.methodOptions.budget = std::size_t(checkedWhole("budget", budget, 1, 100000));
        options.methodOptions.initialPoints = std::size_t(checkedWhole("initial", initial, 0, dse::kMaxInitialPoints));
        if (candidates) options.methodOptions.candidates = std::size_t(checkedWhole("candidates", *candidates, 1, dse::kMaxCandidates));
        options.threads = int(checkedWhole("threads", threads, 0, 4096));
        if (exact) {
          const auto front = readExactFront(*exact, problem.space());
          options.exactHypervolume = front.hypervolume;
          options.exactSource = front.source;
        }
        dse::ConvergenceResult study;
        runInterruptible(
            [&](const std::atomic<bool>& cancel, const Reporter& report) {
              options.cancel = &cancel;
              options.progress = [&](std::size_t done, std::size_t total) { report({{"done", double(done)}, {"total", double(total)}}); };
              study = dse::convergenceStudy(problem, options);
            },
            progress);
        std::ostringstream text;
        writeConvergence(text, problem.space(), study);
        auto doc = fromJson(text.str());
        if (study.cancelled) doc["cancelled"] = true;
        return doc;
      },
      py::arg("space"), py::arg("methods"), py::arg("seeds") = 10, py::arg("budget") = 100, py::arg("initial") = 20,
      py::arg("candidates") = py::none(), py::arg("threads") = 1, py::arg("exact") = py::none(), py::arg("progress") = py::none());
}

} // namespace llmwb::python
