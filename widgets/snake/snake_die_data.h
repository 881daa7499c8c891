// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Snake logic-die view shows, from the project's request: the NMP die of the system's
// first snake / fixed_array / mac_tree group, the decode step's linear operators scheduled at one
// batch x context (core/engine/snake/snake_schedule.h), the per-point mode shares over a grid of
// batches x contexts (Fig. 13) and the die's peak power split and area.

#include "core/compute/nmp/nmp_spec.h"
#include "core/engine/performance_model.h"
#include "core/engine/snake/snake_schedule.h"
#include "widgets/plots/breakdown_data.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace llmwb::ui {

struct EvaluationRequest;

/// The die of a device whose compute is an NMP kind; nothing otherwise.
std::optional<NmpDie> nmpDieOf(const DeviceSpec& device);
/// The per-operator schedule the system's decode group's model makes (the snake engine's detail
/// product; else a prefill group's), or nullptr when no group's engine makes one.
std::shared_ptr<const snake::DieSchedule> snakeSchedule(const SystemSpec& system, const engine::GroupModels& models);

struct SnakeDieData {
  QString device;  ///< the device's name
  QString problem; ///< non-empty: why nothing is shown
  NmpDie die;
  /// Per-byte energy of the PUs' buffers (the device's on-chip memory level; none without DRAM below).
  JoulesPerByte bufferReadEnergy, bufferWriteEnergy;
  int devices = 1; ///< tensor-parallel devices of the group
  double batch = 16, context = 2048;
  std::vector<snake::ScheduledOperator> operators;
  int selected = 0; ///< index into operators

  bool empty() const { return operators.empty(); }
  const snake::ScheduledOperator* current() const;
};

/// The decode step at `batch` x `context` as `schedule` (nullptr: none; `problem` says so) plans it.
SnakeDieData snakeDieData(const snake::DieSchedule* schedule, double batch, double context);
/// The same with the request's models built through the engine seam (tests, headless export).
SnakeDieData snakeDieData(const EvaluationRequest& request, double batch, double context);

/// "2K" for 2,000 context tokens, as the workbench reads it; other counts as numbers.
QString contextText(double tokens);

/// Fig. 13: the share of the linear operators choosing each partition mode, per batch x context,
/// and over every point together (the figure's per-model mix, "all"). Runs the scheduler at every
/// point: call it off the UI thread.
BreakdownData snakeModeShares(const snake::DieSchedule& schedule, const std::vector<double>& batches,
                              const std::vector<double>& contexts);
BreakdownData snakeModeShares(const EvaluationRequest& request, const std::vector<double>& batches,
                              const std::vector<double>& contexts);
/// The die's peak power by part (matrix, vector, PE control, NoC) beside the average power of the
/// selected operator's plan with its buffers' per-bit energy (no part of the paper's peak split),
/// and the die's area.
BreakdownData snakePowerArea(const SnakeDieData& data);

} // namespace llmwb::ui
