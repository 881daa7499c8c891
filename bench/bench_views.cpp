// SPDX-License-Identifier: GPL-3.0-or-later
// Plot refresh for one evaluation result of each shipped project: data from the result, every
// plottable rebuilt and drawn (QCustomPlot::replot) at 1600x1000. The budget is 20 ms per view.
// Also the figure export of the roofline in each format. Run: build/bench/bench_views
#include "core/io/preset_library.h"
#include "core/io/project.h"
#include "widgets/plots/figure_export.h"
#include "widgets/export/project_export.h"
#include "widgets/plots/breakdown_data.h"
#include "widgets/plots/breakdown_plot.h"
#include "widgets/plots/roofline_plot.h"
#include "widgets/serving/serving_latency_plot.h"

#include <QApplication>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <cstdlib>

namespace {
using namespace llmwb;

const ui::ProjectFigures& figures(const std::string& project) {
  static std::map<std::string, ui::ProjectFigures> cache;
  auto it = cache.find(project);
  if (it == cache.end()) {
    const PresetLibrary lib({LLMWB_BENCH_PRESETS});
    auto p = readProject(std::string(LLMWB_BENCH_PRESETS) + "/projects/" + project + ".llmwb", lib);
    p.exploration.reset(); // views of one evaluation
    it = cache.emplace(project, ui::computeProjectFigures(p, lib)).first;
  }
  return it->second;
}

template <class Plot, class Data>
void refresh(benchmark::State& state, const Data& data) {
  Plot plot;
  plot.resize(1600, 1000);
  plot.setData(data);
  for (auto _ : state) {
    plot.setData(data); // rebuild + replot
  }
}

const EvaluationResult& result(const std::string& project) { return *figures(project).results->main; }

void BM_RooflineRefresh(benchmark::State& state, const std::string& project) {
  refresh<ui::RooflinePlot>(state, *figures(project).results->roofline);
}
void BM_BreakdownClassRefresh(benchmark::State& state, const std::string& project) {
  refresh<ui::BreakdownPlot>(state, ui::classBreakdown(result(project), QStringLiteral("system")));
}
void BM_BreakdownMemoryRefresh(benchmark::State& state, const std::string& project) {
  refresh<ui::BreakdownPlot>(state, ui::memoryBreakdown(result(project), QStringLiteral("system")));
}
/// From the evaluation result to drawn views: roofline data (from the result's roofline, no
/// engine work), both breakdowns, and the three replots.
void BM_AllViewsFromResult(benchmark::State& state, const std::string& project) {
  const PresetLibrary lib({LLMWB_BENCH_PRESETS});
  const auto p = readProject(std::string(LLMWB_BENCH_PRESETS) + "/projects/" + project + ".llmwb", lib);
  const auto& result = ::result(project);
  ui::RooflinePlot roofline;
  ui::BreakdownPlot classes, memory;
  for (auto* plot : std::initializer_list<QWidget*>{&roofline, &classes, &memory}) plot->resize(1600, 1000);
  for (auto _ : state) {
    roofline.setData(ui::rooflineData(p.system.system, result));
    classes.setData(ui::classBreakdown(result, QStringLiteral("system")));
    memory.setData(ui::memoryBreakdown(result, QStringLiteral("system")));
  }
}

void BM_ExportRoofline(benchmark::State& state, ui::FigureFormat format) {
  ui::RooflinePlot plot;
  plot.setData(*figures("memexplorer-osworld").results->roofline);
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("roofline.") + ui::extensionOf(format));
  for (auto _ : state) {
    if (!ui::exportFigure(plot, path, format, 1600, 1000, 150)) state.SkipWithError("export failed");
  }
}

/// The Serving view's work for a project: the sweep of the design and its comparisons at the
/// default rates (6 rates, 200 requests each), then the latency plot drawn from it.
void BM_ServingSweep(benchmark::State& state, const std::string& project) {
  const auto request = ui::servingRequest(*figures(project).results, {});
  for (auto _ : state) benchmark::DoNotOptimize(ui::runServingSweep(request));
}
void BM_ServingLatencyRefresh(benchmark::State& state, const std::string& project) {
  static std::map<std::string, ui::ServingSweep> sweeps;
  if (!sweeps.contains(project)) sweeps[project] = ui::runServingSweep(ui::servingRequest(*figures(project).results, {}));
  ui::ServingLatencyPlot plot;
  plot.resize(1600, 1000);
  for (auto _ : state) plot.setSweep(sweeps[project]); // rebuild + replot
}

void registerAll() {
  for (const std::string project : {"memexplorer-osworld", "duet-b200"}) {
    benchmark::RegisterBenchmark(("RooflineRefresh/" + project).c_str(), BM_RooflineRefresh, project)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BreakdownClassRefresh/" + project).c_str(), BM_BreakdownClassRefresh, project)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BreakdownMemoryRefresh/" + project).c_str(), BM_BreakdownMemoryRefresh, project)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("AllViewsFromResult/" + project).c_str(), BM_AllViewsFromResult, project)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("ServingSweep/" + project).c_str(), BM_ServingSweep, project)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("ServingLatencyRefresh/" + project).c_str(), BM_ServingLatencyRefresh, project)->Unit(benchmark::kMillisecond);
  }
  for (auto format : {ui::FigureFormat::Png, ui::FigureFormat::Pdf, ui::FigureFormat::Svg})
    benchmark::RegisterBenchmark(("ExportRoofline/" + ui::extensionOf(format).toStdString()).c_str(), BM_ExportRoofline, format)
        ->Unit(benchmark::kMillisecond);
}
} // namespace

int main(int argc, char** argv) {
  if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  registerAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
