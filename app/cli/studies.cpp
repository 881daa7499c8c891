// SPDX-License-Identifier: GPL-3.0-or-later
// Study commands: roofline, batch sweeps, array-geometry sweeps.
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "app/cli/presets_option.h"
#include "app/cli/table.h"
#include "core/io/preset_library.h"
#include "core/io/study_json.h"

#include <sstream>

namespace llmwb::cli {

namespace {
std::vector<int> batchesFor(const Args& args, int defaultLargest) {
  if (const auto b = args.integer("batch", 1, 1 << 20)) return {int(*b)};
  return powersOfTwo(int(args.integer("max-batch", 1, 1 << 20).value_or(defaultLargest)));
}
} // namespace

int rooflineCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"system", "model", "workload", "batch", "max-batch", "presets"}, {"json", "operators"});
  const auto lib = libraryFor(args);
  const auto r = roofline(lib.system(args.required("system")), lib.model(args.required("model")),
                          lib.workload(args.required("workload")), batchesFor(args, 128),
                          args.flag("operators") ? RooflineDetail::Operators : RooflineDetail::Layers);
  if (args.flag("json")) {
    out << rooflineToJson(r) << "\n";
    return 0;
  }
  out << "Compute ceilings\n";
  for (const auto& c : r.compute) out << "  " << c.device << ": " << c.unit << fmt("  %.4g TFLOP/s\n", c.peak.value() / 1e12);
  out << "Memory ceilings\n";
  for (const auto& m : r.memory)
    out << "  " << m.device << ": " << m.level << " " << m.technology << fmt("  %.4g TB/s\n", m.bandwidth.value() / 1e12);
  out << "Points: phase batch name  FLOP/byte  attainable TFLOP/s  bound\n";
  for (const auto& p : r.points)
    out << "  " << p.phase << " " << p.batch << " " << p.name << fmt("  %.4g", p.intensity.value())
        << fmt("  %.4g  ", p.attainable.value() / 1e12) << p.bound << "\n";
  return 0;
}

int sweepBatchCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"system", "model", "workload", "max-batch", "segments", "presets"}, {"json"});
  const auto lib = libraryFor(args);
  const std::string systemId = args.required("system"), modelId = args.required("model");
  const auto workload = lib.workload(args.required("workload"));
  const auto s = sweepBatches(lib.system(systemId), lib.model(modelId), workload,
                              powersOfTwo(int(args.integer("max-batch", 1, 1 << 20).value_or(128))),
                              int(args.integer("segments", 1, 1000).value_or(4)));
  if (args.flag("json")) {
    out << batchSweepToJson(s, systemId, modelId, workload) << "\n";
    return 0;
  }
  out << "batch        TTFT          TBT     decode tok/s   throughput tok/s\n";
  for (const auto& p : s.points) {
    if (!p.fits) {
      out << fmt("%5.0f  does not fit: ", p.batch) << p.reason << "\n";
      continue;
    }
    out << fmt("%5.0f", p.batch) << fmt("  %10.2f ms", p.ttft.value() * 1e3) << fmt("  %8.3f ms", p.tbt.value() * 1e3)
        << fmt("  %12.0f", p.decodeTokensPerSecond) << fmt("  %14.0f\n", p.throughput);
  }
  out << fmt("mean over batches that fit: TTFT %.2f ms", s.meanTtft.value() * 1e3) << fmt(", TBT %.3f ms", s.meanTbt.value() * 1e3)
      << fmt(", throughput %.0f tokens/s\n", s.meanThroughput);
  return 0;
}

int arraySweepCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"kind", "model", "tokens", "sram-GBps", "presets"}, {"json"});
  const auto lib = libraryFor(args);
  const std::string kind = args.value("kind").value_or("systolic");
  if (kind != "systolic" && kind != "vector") throw UsageError("--kind expects systolic or vector, got \"" + kind + "\"");
  const auto model = lib.model(args.value("model").value_or("nemotron-h-56b"));
  const Mamba2Spec* mamba = nullptr;
  for (const auto& t : model.layerTypes)
    if (t.kind == LayerKind::Mamba2) mamba = &std::get<Mamba2Spec>(t.spec);
  if (!mamba) throw UsageError("--model must have a Mamba-2 layer (the sweep runs its SSM kernel)");
  const auto area = lib.device("duet/prefill").package->area;
  std::vector<ArrayDesignPoint> points;
  std::string kernel;
  if (kind == "systolic") {
    const double tokens = double(args.integer("tokens", 1, 1 << 24).value_or(2048));
    const double sram = double(args.integer("sram-GBps", 1, 1 << 30).value_or(256));
    points = sweepSystolicArrays(area, *mamba, tokens, units::gigabytesPerSecond(sram), {8, 16, 32, 64, 128, 256});
    kernel = model.id + " Mamba-2 SSM, " + std::to_string(int(tokens)) + " tokens, " + std::to_string(int(sram)) + " GB/s SRAM";
  } else {
    const double sram = double(args.integer("sram-GBps", 1, 1 << 30).value_or(1024));
    points = sweepVectorArrays(area, *mamba, units::gigabytesPerSecond(sram), {8, 16, 32, 64}, {4, 8, 16, 32});
    kernel = model.id + " Mamba-2 SSM, one decode step, " + std::to_string(int(sram)) + " GB/s SRAM";
  }
  if (args.flag("json")) {
    out << arraySweepToJson(points, kernel) << "\n";
    return 0;
  }
  out << kernel << "\n  geometry            area mm^2     latency   utilisation\n";
  for (const auto& p : points)
    out << "  " << p.label() << std::string(p.label().size() < 18 ? 18 - p.label().size() : 1, ' ') << fmt("%9.3f", p.area.value())
        << fmt("  %10.3g s", p.latency.value()) << fmt("  %8.2f", p.utilisation) << (p.pareto ? "  front" : "")
        << (p.chosen ? "  DUET's choice" : "") << "\n";
  return 0;
}

} // namespace llmwb::cli
