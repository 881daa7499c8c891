// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/command_table.h"

#include "app/cli/commands.h"

namespace llmwb::cli {

const std::vector<CommandEntry>& commandTable() {
  static const std::vector<CommandEntry> table = {
    {"evaluate", evaluateCommand,
     R"(evaluate --system ID|FILE --model ID|FILE --workload ID|FILE|IN:OUT
         [--project FILE] [--batch N] [--prefill-batch N] [--segments N]
         [--set PATH=VALUE]... [--json] [--operators] [--presets DIR]
    Evaluate prefill and decode of a model and workload on a system.
    IN:OUT gives token counts directly, e.g. 90000:8000 or 90K:8K.
    --project takes system, model and workload from a .llmwb project.
    --batch fixes the decode batch (default: the largest power of two that fits).
    --prefill-batch prefills N prompts together, as static-batching benchmarks do (default 1:
    MemExplorer 4.3 prefills one request at a time).
    --set overrides one field (repeatable): PATH is a JSON pointer into the system with its
    devices inline (/groups/0/count=8), or prefill/..., decode/..., device/... into a group's
    device (decode/memory/off_chip/0/count=4), model/... or workload/... (workload/input_tokens=4096).
)"},
    {"compare", compareCommand,
     R"(compare --project FILE [--json] [--presets DIR]
    The project's design beside every system it is compared with (each at the largest decode
    batch it holds, as the workbench's comparison table), and the figures the project's paper
    publishes against them (its "published" list) beside the model's own ratio.
)"},
    {"presets", presetsCommand,
     R"(presets list [--json] [--kind memory|model|workload|device|system|project]
    List every preset id.
)"},
    {"engines", enginesCommand,
     R"(engines list [--json]
    List the registered engines (performance models): a one-line description, the compute kinds
    each models, its default serving scheduler and the device inputs it does not read.
)"},
    {"validate", validateCommand,
     R"(validate FILE [FILE...]
    Check preset, project and design-space files completely. Every file is reported (the invalid
    ones on stderr, each with its field); the status is 1 when any is invalid.
)"},
    {"import-model", importModelCommand,
     R"(import-model CONFIG.json [--name NAME] [--id ID] [--out FILE]
    A model preset from a Hugging Face config.json (Llama, Mistral, Qwen2/3 dense, Mixtral,
    Qwen2/3-MoE, DeepSeek-V2/V3, Nemotron-H); every field records the config key it came from.
    Without --out the preset is printed. The id: a config.json's folder name, else the file's name.
)"},
    {"params", paramsCommand,
     R"(params [--markdown | --update FILE]
    Every preset field (key with unit, type, default, range, meaning, source) as Markdown, from
    the parameter tables; --update rewrites the generated section of FILE (docs/preset-format.md).
)"},
    {"explore", exploreCommand,
     R"(explore --space ID|FILE --method exhaustive|random|sobol|nsga2|mobo|motpe --out FILE
        [--budget N] [--seed S] [--threads T] [--initial N] [--candidates N]
        [--shard K/N] [--restart] [--quiet]
    Search a design space (presets/spaces/) and write every point, the Pareto set and the
    hypervolume trace. An exhaustive sweep keeps FILE.jsonl as it goes and resumes from it
    (refused when a preset changed since; --restart discards the journal and starts over);
    --shard K/N sweeps part K of N (e.g. a Slurm array task) for `merge`.
    --threads evaluates on T threads (0: every core); mobo also fits and scores on them, with
    the same designs chosen on any count.
)"},
    {"merge", mergeCommand,
     R"(merge SHARD.json... --out FILE
    Join the shards of an exhaustive sweep; equals the unsharded sweep's document.
)"},
    {"convergence", convergenceCommand,
     R"(convergence --space ID|FILE --out FILE [--methods mobo,nsga2,random] [--seeds N]
        [--budget N] [--initial N] [--exact RESULTS.json] [--threads T]
    Fig. 6: hypervolume per step, mean and std over seeds, against the exact front
    (from --exact, or an exhaustive sweep run first).
)"},
    {"roofline", rooflineCommand,
     R"(roofline --system ID --model ID --workload ID|IN:OUT
        [--batch N | --max-batch N] [--operators] [--json]
    Compute and memory ceilings, and one point per layer type (or operator) for prefill and the
    first decode step at each batch size (1, 2, 4, ... 128 by default).
)"},
    {"sweep-batch", sweepBatchCommand,
     R"(sweep-batch --system ID --model ID --workload ID|IN:OUT [--max-batch N] [--json]
    TTFT, TBT and throughput against batch size; batches that do not fit are reported.
)"},
    {"array-sweep", arraySweepCommand,
     R"(array-sweep --kind systolic|vector [--model ID] [--tokens N] [--sram-GBps B] [--json]
    DUET Fig. 5: latency of a Mamba-2 SSM kernel against array area, with the Pareto front.
)"},
    {"schedule", scheduleCommand,
     R"(schedule --system ID --model ID [--batches 1,4,8,16,32,64] [--contexts 2K,4K,8K] [--json]
    The schedules the groups' engines make over decode operating points (their detail products),
    as tables or one JSON document ({"system", "model", "reports": [...]}). The snake engine's
    (NMP systems): per linear operator and operating point the chosen partition mode (IS-S, IS-ST,
    OS-S, OS-ST), logical array shape, time and bound, the mode shares, and the slowdown of each
    single fixed mode against the per-layer choice; without the options, Snake Fig. 13's points.
)"},
    {"serve", serveCommand,
     R"(serve --system ID --model ID --workload ID|IN:OUT [--rate R | --burst] [--requests N]
      [--trace FILE] [--scheduler NAME] [--chunk TOKENS] [--max-batch N] [--seed S]
      [--lengths fixed|exponential|lognormal] [--memory wait|preempt]
      [--ttft-limit S] [--tbt-limit S] [--set PATH=VALUE]... [--json [--timeline]]
    Request-level serving simulation: requests arrive all at once (--burst, the default), at a
    Poisson rate (--rate, requests/s) or from a trace (CSV or JSONL of arrival_s, input_tokens,
    output_tokens); lengths are the workload's or drawn around them. Schedulers: static,
    continuous (the default for one group), chunked (--chunk tokens per step, default 512),
    disaggregated (the default for systems with prefill and decode groups, heterogeneous ones
    included), fused, npusim; a group's engine may name its own default (the npusim engine's is
    npusim: NpuSim chips).
    Reports TTFT, TBT and end-to-end latency (mean, p50, p90, p99; --json adds the minimum),
    throughput, goodput under the limits, and energy per token; --timeline adds queue, batch and
    KV occupancy over time.
    --set overrides fields as for evaluate.
)"},
    {"serve-sweep", serveSweepCommand,
     R"(serve-sweep --system ID --model ID --workload ID|IN:OUT --rates R1,R2,... [serve's options]
    Latency against Poisson arrival rate: one serving simulation per rate.
)"},
    {"export-figures", exportFiguresCommand,
     R"(export-figures --project FILE --out DIR [--formats png,pdf,svg]
        [--size column|page|WIDTHxHEIGHTmm | --width PX --height PX] [--dpi DPI]
        [--theme light|dark] [--presets DIR]
    Roofline, breakdown, Pareto and convergence figures of a project with their data (CSV, JSON),
    via llmwb-export from the GUI part (docs/figures.md). --size: column = 89 mm wide, page =
    183 mm, each figure's own height unless given; PNG at --dpi (300 with --size), PDF and SVG the
    same physical size; text 7-9 pt.
)"},
  };
  return table;
}

const CommandEntry* findCommand(std::string_view name) {
  for (const auto& c : commandTable())
    if (c.name == name) return &c;
  return nullptr;
}

std::string commandUsage(const CommandEntry& command) {
  // The synopsis's continuation lines (indented deeper than the description's four spaces) move
  // right by the width of "usage: llmwb-cli ", so they stay under the command's options.
  const std::string prefix = "usage: llmwb-cli ";
  std::string text = prefix;
  std::string_view rest = command.usage;
  bool synopsis = true;
  for (bool first = true; !rest.empty(); first = false) {
    const auto end = rest.find('\n');
    const auto line = rest.substr(0, end == std::string_view::npos ? rest.size() : end + 1);
    rest.remove_prefix(line.size());
    synopsis = synopsis && (first || line.starts_with("      "));
    if (!first && synopsis) text += std::string(prefix.size() - 2, ' ');
    text += line;
  }
  return text + std::string(kPresetsNote);
}

std::string fullUsage() {
  std::string text = "usage: llmwb-cli COMMAND [OPTIONS]\n       llmwb-cli COMMAND --help\n       llmwb-cli --version\n\ncommands:\n";
  for (const auto& c : commandTable()) {
    // Each usage indented under "commands:".
    std::string_view rest = c.usage;
    while (!rest.empty()) {
      const auto end = rest.find('\n');
      text += "  ";
      text += rest.substr(0, end == std::string_view::npos ? rest.size() : end + 1);
      rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    }
  }
  return text + std::string(kPresetsNote);
}

} // namespace llmwb::cli
