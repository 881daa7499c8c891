// SPDX-License-Identifier: GPL-3.0-or-later
// evaluate() and its result: typed figures with the JSON keys' names (units in them), the
// operators as records, and to_json()/to_dict() equal to `llmwb-cli evaluate --json`.
#include "python/src/bindings.h"
#include "python/src/arguments.h"

#include "core/engine/evaluate.h"
#include "core/io/input_error.h"
#include "core/io/overrides.h"
#include "core/io/project.h"
#include "core/io/result_json.h"

#include <pybind11/stl.h>

#include <cmath>

namespace llmwb::python {

namespace {

using ResultPtr = std::shared_ptr<EvaluationResult>; // never changed once made

/// A phase of a result (the result stays alive while Python holds the view).
struct PhaseView {
  ResultPtr result;
  const PhaseResult* phase;
};

/// doc[key], owned (an accessor on a temporary would outlive it).
py::object member(const py::object& doc, const char* key) { return doc[key]; }

double finite(double v) { return std::isfinite(v) ? v : 0.0; }

py::list levelRecords(const PhaseResult& p) {
  py::list out;
  for (const auto& l : p.levels) {
    py::dict d;
    d["level"] = l.name;
    d["technology"] = l.technology;
    d["read_bytes"] = l.read.value();
    d["written_bytes"] = l.written.value();
    d["avg_power_w"] = finite(l.averagePower.value());
    d["background_power_w"] = finite(l.backgroundPower.value());
    out.append(d);
  }
  return out;
}

ResultPtr evaluateSpecs(const py::handle& system, const py::handle& model, const py::handle& workload,
                        const EvaluationOptions& options, const std::vector<std::string>& overrides) {
  SpecPtr keepSystem, keepModel, keepWorkload;
  const auto& s = specArgument(system, PresetKind::System, "system", keepSystem);
  const auto& m = specArgument(model, PresetKind::Model, "model", keepModel);
  const auto& w = specArgument(workload, PresetKind::Workload, "workload", keepWorkload);
  py::gil_scoped_release release;
  if (overrides.empty())
    return std::make_shared<EvaluationResult>(evaluate(std::get<SystemSpec>(s.spec), std::get<ModelSpec>(m.spec),
                                                             std::get<Workload>(w.spec), options));
  OverrideTarget target{std::get<SystemSpec>(s.spec), std::get<ModelSpec>(m.spec), m.source, std::get<Workload>(w.spec)};
  applyOverrides(target, overrides, *library());
  return std::make_shared<EvaluationResult>(evaluate(target.system, target.model, target.workload, options));
}

} // namespace

void bindEvaluation(py::module_& m) {
  py::class_<PhaseView>(m, "Phase", "Prefill or decode of an evaluation; figures named as in the JSON, units in the names.")
      .def_property_readonly("evaluated", [](const PhaseView& v) { return v.phase->evaluated; }, "False when the system does not run this phase.")
      .def_property_readonly("feasible", [](const PhaseView& v) { return v.phase->feasible; }, "False when the phase cannot run (reason says why).")
      .def_property_readonly("reason", [](const PhaseView& v) { return v.phase->reason; }, "Why the phase is not feasible.")
      .def_property_readonly("engine", [](const PhaseView& v) { return v.phase->engine; }, "The engine that computed the phase.")
      .def_property_readonly("batch", [](const PhaseView& v) { return v.phase->batch; }, "Requests evaluated together.")
      .def_property_readonly("max_batch", [](const PhaseView& v) { return v.phase->maxBatch; },
                             "Decode: the largest power-of-two batch that fits.")
      .def_property_readonly("time_s", [](const PhaseView& v) { return v.phase->time.value(); }, "The whole phase, s.")
      .def_property_readonly("tokens", [](const PhaseView& v) { return v.phase->tokens; }, "Tokens produced (decode) or processed (prefill).")
      .def_property_readonly("ttft_s", [](const PhaseView& v) { return v.phase->ttft.value(); }, "Prefill: time to first token, s.")
      .def_property_readonly("tbt_s", [](const PhaseView& v) { return v.phase->tbt.value(); },
                             "Decode: mean time between tokens of one sequence, s.")
      .def_property_readonly("tbt_first_s", [](const PhaseView& v) { return v.phase->tbtFirst.value(); }, "Decode: time between tokens at the first step (shortest context), s.")
      .def_property_readonly("tbt_last_s", [](const PhaseView& v) { return v.phase->tbtLast.value(); }, "Decode: time between tokens at the last step (longest context), s.")
      .def_property_readonly("tokens_per_s", [](const PhaseView& v) { return v.phase->tokensPerSecond; }, "Tokens per second of the phase (decode: the batch's generated tokens).")
      .def_property_readonly("avg_power_w", [](const PhaseView& v) { return finite(v.phase->averagePower.value()); }, "Average power of the devices doing the phase, W.")
      .def_property_readonly("peak_power_w", [](const PhaseView& v) { return v.phase->peakPower.value(); }, "TDP of the devices doing the phase, W.")
      .def_property_readonly("energy_j", [](const PhaseView& v) { return v.phase->energy.value(); }, "Energy of the phase, J.")
      .def_property_readonly("tokens_per_joule", [](const PhaseView& v) { return v.phase->tokensPerJoule; }, "Tokens per joule of the phase.")
      .def_property_readonly("footprint_bytes", [](const PhaseView& v) { return v.phase->footprint.value(); },
                             "Weights and caches the phase keeps, bytes.")
      .def_property_readonly("levels", [](const PhaseView& v) { return levelRecords(*v.phase); },
                             "Memory levels as records: level, technology, read_bytes, written_bytes, avg_power_w, background_power_w.")
      .def("__repr__", [](const PhaseView& v) {
        return "<llmwb.Phase time_s=" + py::repr(py::float_(v.phase->time.value())).cast<std::string>() +
               " tokens_per_s=" + py::repr(py::float_(v.phase->tokensPerSecond)).cast<std::string>() + ">";
      });

  py::class_<EvaluationResult, ResultPtr>(m, "Evaluation",
                                          "One evaluation of a system on a model and workload (llmwb.evaluate).\n\n"
                                          "Typed figures for the common questions (r.prefill.ttft_s, r.decode.tokens_per_s,\n"
                                          "r.end_to_end['tokens_per_joule']); r.operators as records for pandas; r.to_dict()\n"
                                          "equal to `llmwb-cli evaluate --json` for the same inputs.")
      .def_readonly("system", &EvaluationResult::system, "The system's preset id or name.")
      .def_readonly("model", &EvaluationResult::model, "The model's preset id.")
      .def_readonly("workload", &EvaluationResult::workload, "The workload's preset id or IN:OUT.")
      .def_readonly("input_tokens", &EvaluationResult::inputTokens, "Prompt tokens per request.")
      .def_readonly("output_tokens", &EvaluationResult::outputTokens, "Generated tokens per request.")
      .def_readonly("feasible", &EvaluationResult::feasible, "False when the design cannot run the workload (problems says why).")
      .def_readonly("problems", &EvaluationResult::problems, "Why the design is not feasible.")
      .def_readonly("warnings", &EvaluationResult::warnings, "What the engine assumed or could not model.")
      .def_property_readonly("prefill", [](const ResultPtr& r) { return PhaseView{r, &r->prefill}; }, "The prefill phase (ttft_s, time_s, tokens_per_s, ...).")
      .def_property_readonly("decode", [](const ResultPtr& r) { return PhaseView{r, &r->decode}; }, "The decode phase (tbt_s, tokens_per_s, batch, max_batch, ...).")
      .def_property_readonly("silicon_area_mm2", [](const EvaluationResult& r) { return r.siliconArea.value(); }, "Silicon area of every device, mm^2 (0 when a device has no area model).")
      .def_readonly("decode_tokens_per_s_per_mm2", &EvaluationResult::decodeTokensPerSecondPerMm2, "Decode throughput per silicon area, tokens/s/mm^2 (0 when either is missing).")
      .def_property_readonly("end_to_end",
                             [](const EvaluationResult& r) {
                               py::dict d;
                               d["tokens_per_s"] = r.endToEnd.tokensPerSecond;
                               d["requests_per_s"] = r.endToEnd.requestsPerSecond;
                               d["avg_power_w"] = finite(r.endToEnd.averagePower.value());
                               d["tokens_per_joule"] = r.endToEnd.tokensPerJoule;
                               d["kv_transfer_bytes"] = r.endToEnd.kvTransferBytes.value();
                               d["kv_transfer_s"] = r.endToEnd.kvTransferTime.value();
                               return d;
                             },
                             "Steady-state figures of the whole system, as the JSON's end_to_end.")
      .def_property_readonly("operators", [](const EvaluationResult& r) { return member(fromJson(evaluationToJson(r, -1)), "operators"); },
                             "Every operator of both phases as records (phase, name, layer, class, time_s, flops, bound, ...).")
      .def_property_readonly("devices", [](const EvaluationResult& r) { return member(fromJson(evaluationToJson(r, -1)), "devices"); },
                             "The system's device groups as records.")
      .def("to_json", [](const EvaluationResult& r, int indent) { return evaluationToJson(r, indent); }, py::arg("indent") = 2,
           "The JSON document `llmwb-cli evaluate --json` prints.")
      .def("to_dict", [](const EvaluationResult& r) { return fromJson(evaluationToJson(r, -1)); },
           "The JSON document as Python objects (equal to json.loads of the CLI's output).")
      .def("__repr__", [](const EvaluationResult& r) {
        return "<llmwb.Evaluation " + r.system + " on " + r.model + " (" + r.workload + ")" + (r.feasible ? "" : ": not feasible") + ">";
      });

  m.def(
      "evaluate_specs",
      [](const py::handle& system, const py::handle& model, const py::handle& workload, std::optional<long long> batch,
         std::optional<long long> prefillBatch, std::optional<long long> segments, const std::vector<std::string>& overrides) {
        EvaluationOptions options;
        if (batch) options.decodeBatch = int(checkedWhole("batch", *batch, 1, 1 << 20));
        if (prefillBatch) options.prefillBatch = int(checkedWhole("prefill_batch", *prefillBatch, 1, 1 << 20));
        if (segments) options.decodeSegments = int(checkedWhole("segments", *segments, 1, kMaxDecodeSegments));
        return evaluateSpecs(system, model, workload, options, overrides);
      },
      py::arg("system"), py::arg("model"), py::arg("workload"), py::arg("batch") = py::none(),
      py::arg("prefill_batch") = py::none(), py::arg("segments") = py::none(),
      py::arg("overrides") = std::vector<std::string>{});

  m.def(
      "read_project",
      [](const std::string& path) {
        auto lib = library();
        Project p;
        {
          py::gil_scoped_release release;
          p = readProject(path, *lib);
        }
        py::dict d;
        d["name"] = p.name;
        d["description"] = p.description;
        auto handle = [](io::AnySpec spec, std::string source) {
          return SpecPtr(std::make_shared<SpecHandle>(SpecHandle{std::move(spec), std::move(source)}));
        };
        d["system"] = handle(p.system.system, p.system.preset);
        d["model"] = handle(lib->model(p.model), p.model);
        d["workload"] = handle(lib->workload(p.workload), p.workload);
        py::list comparisons;
        for (const auto& c : p.comparisons) comparisons.append(handle(c.system, c.preset));
        d["comparisons"] = comparisons;
        py::dict options;
        options["batch"] = p.options.decodeBatch ? py::object(py::int_(*p.options.decodeBatch)) : py::object(py::none());
        options["prefill_batch"] = p.options.prefillBatch;
        options["segments"] = p.options.decodeSegments;
        d["options"] = options;
        return d;
      },
      py::arg("path"));
  m.def(
      "compare_project",
      [](const std::string& path) {
        auto lib = library();
        std::string text;
        {
          py::gil_scoped_release release;
          text = projectComparisonToJson(compareProject(readProject(path, *lib), *lib));
        }
        return fromJson(text);
      },
      py::arg("path"));
}

} // namespace llmwb::python
