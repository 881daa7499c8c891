// SPDX-License-Identifier: GPL-3.0-or-later
// The "Summary and comparison" result view: summary cards and details over the comparison table.
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/results/comparison_table.h"
#include "widgets/views/view_registry.h"

#include <QLabel>
#include <QVBoxLayout>

namespace llmwb::ui {

namespace {
class SummaryView : public ResultView {
public:
  SummaryView() : mWidget(new QWidget), mView(new EvaluationView), mComparison(new ComparisonTable) {
    auto* layout = new QVBoxLayout(mWidget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mView, 3);
    // The comparison with its legend: what the ratios and colours mean.
    auto* comparison = new QWidget;
    auto* column = new QVBoxLayout(comparison);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto* legend = new QLabel(ComparisonTable::legend());
    legend->setObjectName(QStringLiteral("ComparisonLegend"));
    legend->setMinimumWidth(1); // one line, as the title above
    legend->setToolTip(legend->text());
    column->addWidget(legend);
    column->addWidget(mComparison, 1);
    mView->insertBelowCards(comparison);
  }
  QWidget* widget() const override { return mWidget; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override {
    mView->showResult(results->main, QString::fromStdString(results->name));
    mComparison->showResults(results);
  }
  void setDocument(ProjectDocument* document) override { mComparison->setDocument(document); }

private:
  QWidget* mWidget;
  EvaluationView* mView;
  ComparisonTable* mComparison;
};
} // namespace

ViewType summaryView() {
  // Cards and tables: no figures.
  return {.id = "summary", .title = QObject::tr("Summary and comparison"), .build = buildWith<SummaryView>()};
}

} // namespace llmwb::ui
