// SPDX-License-Identifier: GPL-3.0-or-later
// The "Summary and comparison" result view: summary cards and details over the comparison table.
#include "core/engine/published_claim.h"
#include "widgets/common/documentation.h"
#include "widgets/evaluation/evaluation_view.h"
#include "widgets/evaluation/evaluation_runner.h"
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
    // One line over the table: where the model cannot agree with the paper (a claim's note),
    // why, linked to the documentation's section, then what the ratios and colours mean; cut at
    // the pane's edge, the tooltip has it whole.
    mLegend->setObjectName(QStringLiteral("ComparisonLegend"));
    mLegend->setMinimumWidth(1);
    mLegend->setTextFormat(Qt::RichText);
    mLegend->setOpenExternalLinks(true);
    mLegend->setText(ComparisonTable::legend());
    mLegend->setToolTip(ComparisonTable::legend());
    column->addWidget(mLegend);
    column->addWidget(mComparison, 1);
    mView->insertBelowCards(comparison);
  }
  QWidget* widget() const override { return mWidget; }
  void setResults(const std::shared_ptr<const ProjectResults>& results) override {
    mView->showResult(results->main, QString::fromStdString(results->name));
    mComparison->showResults(results);
    showNotes(*results);
  }
  void setDocument(ProjectDocument* document) override { mComparison->setDocument(document); }

private:
  void showNotes(const ProjectResults& results) {
    QStringList lines;
    if (results.request) {
      const QString docs = documentationUrl(QStringLiteral("fidelity.md"));
      for (const auto& claim : results.request->published) {
        if (claim.note.empty()) continue;
        const QString figure = QStringLiteral("%1 %2")
                                   .arg(QString::fromStdString(std::string(shortName(claim.metric))),
                                        claim.ratio ? QStringLiteral("\u00d7%1").arg(*claim.ratio) : QString::fromStdString(std::string(claim.direction())));
        const QString why = QObject::tr("Why the model differs");
        lines << QObject::tr("<b>%1</b> from the paper's %2: %3")
                     .arg(docs.isEmpty() ? why : QStringLiteral("<a href=\"%1\">%2</a>").arg(docs, why), figure.toHtmlEscaped(),
                          QString::fromStdString(claim.note).toHtmlEscaped());
      }
    }
    lines << ComparisonTable::legend();
    mLegend->setText(lines.join(QStringLiteral(" · ")));
    mLegend->setToolTip(lines.join(QStringLiteral("<br><br>")));
  }

  QLabel* mLegend = new QLabel;
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
