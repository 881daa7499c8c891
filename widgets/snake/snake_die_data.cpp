// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/snake/snake_die_data.h"

#include "core/compute/compute_kind.h"
#include "core/compute/nmp/nmp_unit.h"
#include "widgets/evaluation/evaluation_runner.h"
#include "widgets/views/view_registry.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <exception>

namespace llmwb::ui {

std::optional<NmpDie> nmpDieOf(const DeviceSpec& device) {
  try {
    const auto unit = device.compute.kind().makeUnit(device.compute);
    if (const auto* nmp = dynamic_cast<const NmpDieUnit*>(unit.get())) return nmp->die();
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return std::nullopt;
}

std::shared_ptr<const snake::DieSchedule> snakeSchedule(const SystemSpec& system, const engine::GroupModels& models) {
  // The decode group's die first: the schedule is of a decode step.
  for (bool decode : {true, false})
    for (std::size_t i = 0; i < system.groups.size() && i < models.size(); ++i) {
      if (!models[i] || (decode && system.groups[i].role == DeviceRole::Prefill)) continue;
      if (auto s = engine::detailOf<snake::DieSchedule>(*models[i])) return s;
    }
  return nullptr;
}

const snake::ScheduledOperator* SnakeDieData::current() const {
  if (operators.empty()) return nullptr;
  return &operators[std::size_t(std::clamp(selected, 0, int(operators.size()) - 1))];
}

SnakeDieData snakeDieData(const snake::DieSchedule* schedule, double batch, double context) {
  SnakeDieData d;
  d.batch = batch;
  d.context = context;
  if (!schedule) {
    d.problem = QObject::tr("No group of the system is modelled by an engine that schedules an NMP die.");
    return d;
  }
  const auto& device = schedule->device;
  const auto die = nmpDieOf(device);
  if (!die) {
    d.problem = QObject::tr("%1 has no NMP logic die.").arg(QString::fromStdString(device.name));
    return d;
  }
  d.device = QString::fromStdString(device.name);
  d.die = *die;
  if (!device.memory.offChip.empty()) {
    d.bufferReadEnergy = device.memory.onChip.readEnergy();
    d.bufferWriteEnergy = device.memory.onChip.writeEnergy();
  }
  d.devices = std::max(1, schedule->devices);
  if (!(batch >= 1) || !(context >= 0)) {
    d.problem = QObject::tr("The batch must be at least 1 and the context at least 0 tokens.");
    return d;
  }
  try {
    d.operators = schedule->decodeStep(batch, context);
  } catch (const std::exception& e) {
    d.problem = QString::fromUtf8(e.what());
  }
  if (d.operators.empty() && d.problem.isEmpty())
    d.problem = QObject::tr("The model has no linear operators for the Snake scheduler.");
  return d;
}

SnakeDieData snakeDieData(const EvaluationRequest& request, double batch, double context) {
  return snakeDieData(snakeSchedule(request.system, groupModels(request)).get(), batch, context);
}

QString contextText(double tokens) {
  return tokens >= 1000 && std::fmod(tokens, 1000) == 0 ? QStringLiteral("%1K").arg(tokens / 1000) : QString::number(tokens);
}

BreakdownData snakeModeShares(const EvaluationRequest& request, const std::vector<double>& batches,
                              const std::vector<double>& contexts) {
  const auto schedule = snakeSchedule(request.system, groupModels(request));
  return schedule ? snakeModeShares(*schedule, batches, contexts) : BreakdownData{};
}

BreakdownData snakeModeShares(const snake::DieSchedule& schedule, const std::vector<double>& batches,
                              const std::vector<double>& contexts) {
  BreakdownData data;
  data.name = QStringLiteral("snake-mode-shares");
  data.title = QObject::tr("%1: partition mode per linear operator of a decode step (TP = %2)")
                   .arg(QString::fromStdString(schedule.model.name))
                   .arg(std::max(1, schedule.devices));
  BarPanel panel;
  panel.title = QObject::tr("Mode share over batch x context, and over all points (Snake Fig. 13)");
  panel.axisName = QObject::tr("Share of operators");
  panel.quantity = BarQuantity::Share;
  const std::vector<snake::Mode> modes{snake::Mode::IsS, snake::Mode::IsSt, snake::Mode::OsS, snake::Mode::OsSt,
                                       snake::Mode::NSplit};
  std::vector<std::vector<double>> shares(modes.size());
  std::vector<double> chosen(modes.size(), 0.0);
  double operators = 0;
  for (double b : batches)
    for (double c : contexts) {
      std::vector<snake::ScheduledOperator> ops;
      try {
        ops = schedule.decodeStep(b, c);
      } catch (const std::exception&) {
        return {};
      }
      panel.categories << QObject::tr("B%1 / %2").arg(b).arg(contextText(c));
      for (std::size_t m = 0; m < modes.size(); ++m) {
        double n = 0;
        for (const auto& op : ops) n += op.best.mode == modes[m] ? 1 : 0;
        shares[m].push_back(ops.empty() ? 0.0 : 100.0 * n / double(ops.size()));
        chosen[m] += n;
      }
      operators += double(ops.size());
    }
  // The mix over every point, as Fig. 13(a) gives it per model.
  panel.categories << QObject::tr("all %1").arg(batches.size() * contexts.size());
  for (std::size_t m = 0; m < modes.size(); ++m) shares[m].push_back(operators > 0 ? 100.0 * chosen[m] / operators : 0.0);
  for (std::size_t m = 0; m < modes.size(); ++m) {
    double any = 0;
    for (double v : shares[m]) any += v;
    if (any <= 0 && modes[m] == snake::Mode::NSplit) continue;
    panel.series.push_back({QString::fromUtf8(snake::toString(modes[m]).data()), BarColour::Series, int(m), shares[m]});
  }
  data.panels.push_back(std::move(panel));
  return data;
}

BreakdownData snakePowerArea(const SnakeDieData& d) {
  BreakdownData data;
  data.name = QStringLiteral("snake-power-area");
  if (d.device.isEmpty()) return data;
  data.title = QObject::tr("%1: logic-die power and area").arg(d.device);
  const auto& s = d.die.spec;
  BarPanel power;
  power.title = QObject::tr("Power by part (peak %1 W)").arg(d.die.peakPowerW(), 0, 'f', 1);
  power.axisName = QObject::tr("Power");
  power.quantity = BarQuantity::Power;
  power.categories << QObject::tr("Peak");
  // The buffers' per-bit energy is the model's, not part of the paper's peak split (Fig. 10).
  std::vector<double> peak{s.matrixPeakW, s.vectorPeakW, s.controlPeakW, s.nocPeakW, 0.0};
  std::vector<double> avg(5, 0.0);
  if (const auto* op = d.current(); op && op->best.valid && op->best.time.value() > 0) {
    const auto e = snake::planEnergy(d.die, op->problem, op->best);
    const double t = op->best.time.value();
    const double buffers = (d.bufferReadEnergy * op->best.bufferRead + d.bufferWriteEnergy * op->best.bufferWritten()).value();
    avg = {e.matrix.value() / t, e.vector.value() / t, e.control.value() / t, e.noc.value() / t, buffers / t};
    // The operator's own name under its bar ("qkv_proj"); its layer is in the operator choice.
    const QString name = QString::fromStdString(op->name);
    power.categories << QObject::tr("%1 (average)").arg(name.section(QLatin1Char('.'), -1));
  }
  const QStringList parts{QObject::tr("Matrix"), QObject::tr("Vector"), QObject::tr("PE control"), QObject::tr("NoC"),
                          QObject::tr("Buffers (SRAM per bit)")};
  for (int i = 0; i < 5; ++i) {
    BarSeries series{parts[i], BarColour::Series, i, {peak[std::size_t(i)]}};
    if (power.categories.size() > 1) series.values.push_back(avg[std::size_t(i)]);
    power.series.push_back(std::move(series));
  }
  BarPanel area;
  area.title = QObject::tr("Logic-die area");
  area.axisName = QObject::tr("Area");
  area.quantity = BarQuantity::Area;
  area.column = 1;
  area.categories << QObject::tr("Logic die");
  area.series.push_back({QObject::tr("%1 PUs x %2 mm² (%3 cores each)").arg(s.pus).arg(s.puAreaMm2).arg(s.coresPerPu),
                         BarColour::Series, 5, {s.puAreaMm2 * s.pus}});
  data.panels.push_back(std::move(power));
  data.panels.push_back(std::move(area));
  return data;
}

} // namespace llmwb::ui
