// SPDX-License-Identifier: GPL-3.0-or-later
// Studies over one system: batch sweeps, rooflines, request-level serving (one rate or a sweep).
// Each returns the document its `llmwb-cli ... --json` command prints, as Python objects; the
// package (python/llmwb/_studies.py) turns them into records and arrays.
#include "python/src/arguments.h"
#include "python/src/bindings.h"

#include "core/io/overrides.h"
#include "core/io/serving_json.h"
#include "core/io/study_json.h"
#include "core/io/trace_reader.h"
#include "core/serving/scheduler.h"
#include "core/serving/serving.h"

#include <pybind11/stl.h>

namespace llmwb::python {

namespace {

/// The specs of one study, `overrides` ("PATH=VALUE", as --set) applied.
struct Specs {
  OverrideTarget target;
  std::string systemName, modelName; ///< as the CLI names them: the id or file given
};

Specs specsOf(const py::handle& system, const py::handle& model, const py::handle* workload,
              const std::vector<std::string>& overrides) {
  SpecPtr s, m, w;
  Specs out;
  const auto& sh = specArgument(system, PresetKind::System, "system", s);
  const auto& mh = specArgument(model, PresetKind::Model, "model", m);
  out.target.system = std::get<SystemSpec>(sh.spec);
  out.target.model = std::get<ModelSpec>(mh.spec);
  out.target.modelSource = mh.source;
  if (workload) out.target.workload = std::get<Workload>(specArgument(*workload, PresetKind::Workload, "workload", w).spec);
  out.systemName = sh.source.empty() ? out.target.system.id : sh.source;
  out.modelName = mh.source.empty() ? out.target.model.id : mh.source;
  if (!overrides.empty()) {
    py::gil_scoped_release release;
    applyOverrides(out.target, overrides, *library());
  }
  return out;
}

template <class E> E choice(const char* argument, const std::string& text, std::initializer_list<E> values) {
  std::string known;
  for (const E v : values) {
    if (text == toString(v)) return v;
    known += (known.empty() ? "" : ", ") + std::string(toString(v));
  }
  throw InputError(std::string("argument ") + argument, "", "expected one of " + known + "; got \"" + text + "\"");
}

serving::ServingConfig servingConfig(const py::dict& o, bool sweep) {
  using namespace serving;
  ServingConfig c;
  auto has = [&](const char* key) { return o.contains(key) && !o[key].is_none(); };
  if (has("trace")) {
    if (sweep) throw InputError("argument trace", "", "serve_sweep draws Poisson arrivals at each rate; a trace is for serve");
    if (has("rate") || has("requests") || (has("burst") && o["burst"].cast<bool>()))
      throw InputError("argument trace", "", "a trace gives the arrivals and lengths; leave out rate, burst and requests");
    c.arrivals = ArrivalProcess::Trace;
    c.trace = io::readTrace(py::str(py::module_::import("os").attr("fspath")(o["trace"])));
  } else {
    const bool burst = has("burst") && o["burst"].cast<bool>();
    if (has("rate") && burst) throw InputError("argument rate", "", "give rate or burst=True, not both");
    if (has("rate")) {
      c.arrivals = ArrivalProcess::Poisson;
      c.rate = checkedRange("rate", o["rate"].cast<double>(), serving::kMinRequestRate, serving::kMaxRequestRate);
    } else {
      c.arrivals = sweep ? ArrivalProcess::Poisson : ArrivalProcess::Burst;
    }
    c.requests = int(checkedWhole("requests", has("requests") ? o["requests"].cast<long long>() : 100, 1, 10'000'000));
    if (has("lengths"))
      c.inputLengths = c.outputLengths = choice("lengths", o["lengths"].cast<std::string>(),
                                                {LengthDistribution::Fixed, LengthDistribution::Exponential, LengthDistribution::Lognormal});
  }
  if (has("chunk")) c.chunkTokens = checkedWhole("chunk", o["chunk"].cast<long long>(), 1, 1 << 24);
  if (has("max_batch")) c.maxBatch = int(checkedWhole("max_batch", o["max_batch"].cast<long long>(), 1, 1 << 20));
  if (has("seed")) c.seed = std::uint64_t(checkedWhole("seed", o["seed"].cast<long long>(), 0, 1LL << 62));
  if (has("memory")) c.memory = choice("memory", o["memory"].cast<std::string>(), {MemoryPolicy::Wait, MemoryPolicy::Preempt});
  if (has("ttft_limit")) c.ttftLimit = Seconds(checkedPositive("ttft_limit", o["ttft_limit"].cast<double>()));
  if (has("tbt_limit")) c.tbtLimit = Seconds(checkedPositive("tbt_limit", o["tbt_limit"].cast<double>()));
  if (has("scheduler")) {
    c.scheduler = o["scheduler"].cast<std::string>();
    if (!schedulers().find(c.scheduler))
      throw InputError("argument scheduler", "", "expected one of " + schedulers().names() + "; got \"" + c.scheduler + "\"");
  }
  return c;
}

std::vector<int> batchList(const std::optional<std::vector<long long>>& batches, long long maxBatch) {
  if (!batches) return powersOfTwo(int(checkedWhole("max_batch", maxBatch, 1, 1 << 20)));
  if (batches->empty()) throw InputError("argument batches", "", "expected at least one batch size");
  std::vector<int> out;
  for (const auto b : *batches) out.push_back(int(checkedWhole("batches", b, 1, 1 << 20)));
  return out;
}

} // namespace

void bindStudies(py::module_& m) {
  m.def(
      "sweep_batch_doc",
      [](const py::handle& system, const py::handle& model, const py::handle& workload, long long maxBatch,
         const std::optional<std::vector<long long>>& batches, long long segments, const std::vector<std::string>& overrides) {
        const auto specs = specsOf(system, model, &workload, overrides);
        const auto list = batchList(batches, maxBatch);
        const int seg = int(checkedWhole("segments", segments, 1, 1000));
        std::string text;
        {
          py::gil_scoped_release release;
          const auto& t = specs.target;
          text = batchSweepToJson(sweepBatches(t.system, t.model, t.workload, list, seg), specs.systemName, specs.modelName,
                                  t.workload, -1);
        }
        return fromJson(text);
      },
      py::arg("system"), py::arg("model"), py::arg("workload"), py::arg("max_batch") = 128, py::arg("batches") = py::none(),
      py::arg("segments") = 4, py::arg("overrides") = std::vector<std::string>{});

  m.def(
      "roofline_doc",
      [](const py::handle& system, const py::handle& model, const py::handle& workload, long long maxBatch,
         const std::optional<std::vector<long long>>& batches, bool operators, const std::vector<std::string>& overrides) {
        const auto specs = specsOf(system, model, &workload, overrides);
        const auto list = batchList(batches, maxBatch);
        std::string text;
        {
          py::gil_scoped_release release;
          const auto& t = specs.target;
          text = rooflineToJson(roofline(t.system, t.model, t.workload, list,
                                         operators ? RooflineDetail::Operators : RooflineDetail::Layers),
                                -1);
        }
        return fromJson(text);
      },
      py::arg("system"), py::arg("model"), py::arg("workload"), py::arg("max_batch") = 128, py::arg("batches") = py::none(),
      py::arg("operators") = false, py::arg("overrides") = std::vector<std::string>{});

  m.def(
      "serve_doc",
      [](const py::handle& system, const py::handle& model, const py::object& workload, const py::dict& options,
         bool timeline, const std::vector<std::string>& overrides, const py::object& progress) {
        auto config = servingConfig(options, false);
        const bool traced = config.arrivals == serving::ArrivalProcess::Trace;
        if (!traced && workload.is_none())
          throw InputError("argument workload", "", "expected a workload (the request lengths), or a trace");
        auto specs = specsOf(system, model, traced ? nullptr : &workload, overrides);
        if (!traced) config.workload = specs.target.workload;
        if (!options.contains("scheduler") || options["scheduler"].is_none())
          config.scheduler = serving::defaultScheduler(specs.target.system);
        serving::ServingResult result;
        runInterruptible(
            [&](const std::atomic<bool>& cancel, const Reporter& report) {
              result = serving::simulate(specs.target.system, specs.target.model, config, [&](double done) {
                report({{"done", done}, {"total", 1.0}});
                return !cancel.load();
              });
            },
            progress);
        return fromJson(servingToJson(result, config, timeline, -1));
      },
      py::arg("system"), py::arg("model"), py::arg("workload"), py::arg("options"), py::arg("timeline") = false,
      py::arg("overrides") = std::vector<std::string>{}, py::arg("progress") = py::none());

  m.def(
      "serve_sweep_doc",
      [](const py::handle& system, const py::handle& model, const py::handle& workload, const std::vector<double>& rates,
         const py::dict& options, const std::vector<std::string>& overrides, const py::object& progress) {
        if (rates.empty()) throw InputError("argument rates", "", "expected at least one request rate per second");
        for (const double r : rates) checkedRange("rates", r, serving::kMinRequestRate, serving::kMaxRequestRate);
        auto config = servingConfig(options, true);
        auto specs = specsOf(system, model, &workload, overrides);
        config.workload = specs.target.workload;
        if (!options.contains("scheduler") || options["scheduler"].is_none())
          config.scheduler = serving::defaultScheduler(specs.target.system);
        std::vector<serving::ServingResult> results;
        bool cancelled = false;
        runInterruptible(
            [&](const std::atomic<bool>& cancel, const Reporter& report) {
              results = serving::sweepRates(specs.target.system, specs.target.model, config, rates, [&](double done) {
                report({{"done", done}, {"total", 1.0}});
                return !cancel.load();
              });
              cancelled = cancel.load();
            },
            progress);
        auto doc = fromJson(servingSweepToJson(results, config, rates, -1));
        if (cancelled) doc["cancelled"] = true;
        return doc;
      },
      py::arg("system"), py::arg("model"), py::arg("workload"), py::arg("rates"), py::arg("options"),
      py::arg("overrides") = std::vector<std::string>{}, py::arg("progress") = py::none());
}

} // namespace llmwb::python
