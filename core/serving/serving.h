// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The request-level serving simulator (Vidur / LLMServingSim style) on the engine seam: requests
// arrive (at once, Poisson, or from a trace), a scheduler registered by name batches them
// iteration by iteration on the system's device groups, and every step's cost comes from the
// groups' engine::PerformanceModel (memoised, core/serving/step_cost.h). Plain C++, no Qt: the
// GUI runs simulate() on a copied snapshot in a background thread, with progress and cancel.

#include "core/model/model_spec.h"
#include "core/system/system_spec.h"
#include "core/units/quantity.h"
#include "core/workload/workload.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace llmwb::serving {

/// How requests arrive.
enum class ArrivalProcess {
  Burst,   ///< all at time 0
  Poisson, ///< exponential inter-arrival times at `rate`
  Trace,   ///< the times and lengths of ServingConfig::trace
};

/// How a request's input or output length is drawn around the workload's length (its mean).
enum class LengthDistribution {
  Fixed,       ///< exactly the workload's length
  Exponential, ///< exponential with the workload's length as mean
  Lognormal,   ///< lognormal with the workload's length as mean and `lengthSigma` as log-sigma
};

/// What happens when the KV cache is full.
enum class MemoryPolicy {
  Wait,    ///< a request is admitted only when its whole context (input + output) fits; never preempted
  Preempt, ///< admitted when its prompt fits; when the cache fills, the latest admitted request is
           ///< preempted (its cache dropped, recomputed when it is admitted again)
};

std::string_view toString(ArrivalProcess a);        ///< "burst", "poisson", "trace"
std::string_view toString(LengthDistribution d);    ///< "fixed", "exponential", "lognormal"
std::string_view toString(MemoryPolicy p);          ///< "wait", "preempt"

/// One request of a trace or of a generated arrival sequence.
struct RequestSpec {
  Seconds arrival;
  long long inputTokens = 0;
  long long outputTokens = 0;
};

/// Poisson rates a run takes: below one request in about 12 days the makespan is astronomical
/// (1e-300 gave 4e301 s), above a million a second no system serves.
inline constexpr double kMinRequestRate = 1e-6;
inline constexpr double kMaxRequestRate = 1e6;

struct ServingConfig {
  /// Request lengths: the fixed lengths, or the means of the distributions.
  Workload workload;
  ArrivalProcess arrivals = ArrivalProcess::Poisson;
  double rate = 1.0;         ///< requests per second (Poisson)
  int requests = 100;        ///< how many requests (Burst, Poisson); a trace has its own count
  std::vector<RequestSpec> trace; ///< Trace: the requests (core/io/trace_reader.h reads them)
  LengthDistribution inputLengths = LengthDistribution::Fixed;
  LengthDistribution outputLengths = LengthDistribution::Fixed;
  double lengthSigma = 0.5;  ///< lognormal: sigma of log(length)
  std::uint64_t seed = 1;

  /// A registered scheduler (core/serving/scheduler.h): static, continuous, chunked,
  /// disaggregated, fused.
  std::string scheduler = "continuous";
  long long chunkTokens = 512; ///< chunked: prefill tokens per iteration (Sarathi token budget)
  int maxBatch = 0;            ///< sequences per iteration; 0: as many as the memory holds
  MemoryPolicy memory = MemoryPolicy::Wait;

  /// Goodput counts the requests meeting both limits; a zero limit is no limit. TBT is the
  /// request's mean time between tokens (TPOT).
  Seconds ttftLimit;
  Seconds tbtLimit;

  /// Memoise step costs on the coarse grid of step_cost.h (off: every step asks the engine).
  bool memoiseSteps = true;
};

/// Mean and percentiles of a latency over the completed requests (TBT: over every gap between two
/// tokens of a request).
struct Percentiles {
  Seconds mean, p50, p90, p99;
  Seconds min; ///< the smallest (NpuSim's Fig. 14 plots TBT's)
};

struct RequestRecord {
  Seconds arrival;
  Seconds firstToken;  ///< when the first token was produced (the KV hand-off included when disaggregated)
  Seconds finish;      ///< when the last token was produced
  long long inputTokens = 0;
  long long outputTokens = 0;
  int preemptions = 0;
  bool completed = false;
  Seconds ttft() const { return firstToken - arrival; }
  Seconds e2e() const { return finish - arrival; }
  /// Mean time between tokens of this request (0 for a single-token output).
  Seconds tbt() const { return outputTokens > 1 ? (finish - firstToken) / double(outputTokens - 1) : Seconds(); }
};

/// Pools a timeline follows: an aggregated one; a disaggregated system's prefill and decode; a
/// heterogeneous one's prefill and up to three decode phases.
inline constexpr std::size_t kMaxTimelinePools = 4;

/// The state of the system after an event, per pool; Timeline::pools names them.
struct TimelineSample {
  Seconds time;
  int queued = 0;   ///< requests waiting at the pools' queues (a KV hand-off in flight is in neither pool)
  int running = 0;  ///< sequences in the pools' running batches
  std::array<double, kMaxTimelinePools> kvOccupancy{}; ///< used / capacity of each pool's KV cache, 0..1
  /// With an engine's own KV manager (Timeline::tieredKv, NpuSim spec B.8), per pool, 0..1: SRAM
  /// blocks in use / SRAM blocks; HBM ring reserved (a buffer per admitted request, sized for its
  /// whole context) / ring capacity; and tokens spilled into those buffers / ring capacity. 0 otherwise.
  std::array<double, kMaxTimelinePools> sramKvOccupancy{}, hbmKvOccupancy{}, hbmKvSpilled{};
};

struct Timeline {
  std::vector<std::string> pools; ///< "prefill", "decode" ("decode 0-50 %", ... per phase) or "aggregated", one per pool
  bool tieredKv = false;          ///< the samples carry SRAM and HBM occupancy (the npusim scheduler)
  /// With tieredKv, per pool: SRAM KV blocks (0: the weights leave no SRAM for KV), tokens per
  /// block, and tokens the HBM ring buffers hold.
  std::array<long long, kMaxTimelinePools> sramKvBlocks{}, sramKvBlockTokens{}, hbmKvRingTokens{};
  std::vector<TimelineSample> samples; ///< in time order; each value holds until the next sample
};

struct ServingResult {
  bool feasible = true;
  std::string reason;  ///< why not feasible (unknown scheduler, weights do not fit, ...)
  bool cancelled = false;
  std::string system, model, workload, scheduler;
  std::vector<std::string> warnings;

  int requests = 0;
  int completed = 0;
  Seconds makespan;    ///< first arrival (time 0) to the last token
  Percentiles ttft, tbt, e2e;
  double outputTokensPerSecond = 0; ///< generated tokens / makespan
  double totalTokensPerSecond = 0;  ///< (input + generated tokens) / makespan
  double requestsPerSecond = 0;     ///< completed requests / makespan
  double goodput = 0;               ///< requests per second meeting the TTFT and TBT limits
  double goodputFraction = 0;       ///< share of the requests meeting them
  Joules energy;                    ///< every pool, busy and idle, over the makespan
  Joules energyPerToken;            ///< energy / generated tokens
  double meanInSystem = 0;          ///< time-average of requests arrived and not finished
  Seconds prefillBusy, decodeBusy;  ///< time spent in steps with prefill work, in pure decode steps
  double decodeTokens = 0;          ///< tokens produced by pure decode steps
  /// Tokens per second of the pure decode steps (comparable with evaluate()'s decode throughput).
  double decodeTokensPerSecond() const { return decodeBusy.value() > 0 ? decodeTokens / decodeBusy.value() : 0; }
  long long engineCalls = 0;        ///< PerformanceModel::step() calls the run needed
  long long steps = 0;              ///< iterations simulated

  std::vector<RequestRecord> records; ///< in arrival order
  Timeline timeline;
};

/// The scheduler a system is served with when none is named: the default scheduler of the first
/// group's engine that has one (EngineKind::defaultScheduler: "npusim" for NpuSim chips, whose
/// parallelism block picks PD fusion or disaggregation), else "disaggregated" for a system with
/// separate prefill and decode groups (heterogeneous ones included), else "continuous".
std::string defaultScheduler(const SystemSpec& system);

/// Runs the requests through `system` with the configured scheduler. `progress` (may be empty) is
/// called now and then with the completed share; returning false cancels (the result then has
/// `cancelled` set and what was done so far). Bad configuration gives an infeasible result.
ServingResult simulate(const SystemSpec& system, const ModelSpec& model, const ServingConfig& config,
                       const std::function<bool(double progress)>& progress = {});

/// simulate() at each Poisson rate (config.arrivals is taken as Poisson): the latency-versus-rate
/// curve. `progress` gets the share over the whole sweep.
std::vector<ServingResult> sweepRates(const SystemSpec& system, const ModelSpec& model, const ServingConfig& config,
                                      const std::vector<double>& rates,
                                      const std::function<bool(double progress)>& progress = {});

/// The registered schedulers' names, in registration order.
std::vector<std::string> schedulerNames();

} // namespace llmwb::serving
