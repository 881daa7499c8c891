// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/export/export_all_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace llmwb::ui {

namespace {
enum SizeChoice { Column, Page, Screen };
} // namespace

ExportAllDialog::ExportAllDialog(const QString& startFolder, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Export all figures"));
  auto* form = new QFormLayout(this);

  auto* folderRow = new QHBoxLayout;
  mFolder = new QLineEdit(startFolder.isEmpty() ? QDir::homePath() : startFolder);
  mFolder->setToolTip(tr("The folder the figures go to (NAME.png/.pdf/.svg, NAME.csv and NAME.json; at a paper size "
                         "NAME.caption.txt with the heading)"));
  auto* browse = new QPushButton(tr("Browse…"));
  connect(browse, &QPushButton::clicked, this, &ExportAllDialog::browse);
  folderRow->addWidget(mFolder, 1);
  folderRow->addWidget(browse);
  form->addRow(tr("Folder"), folderRow);

  mSize = new QComboBox;
  mSize->addItem(tr("Journal column (89 mm wide, up to 120 mm tall)"));
  mSize->addItem(tr("Page width (183 mm)"));
  mSize->addItem(tr("Screen (1600 × 1000 px at 150 dpi)"));
  mSize->setToolTip(tr("At a paper size each figure leaves its heading to a caption file beside it, and its text is 7-9 pt; "
                       "in a column, breakdowns go one panel per figure"));
  form->addRow(tr("Size"), mSize);

  auto* formats = new QHBoxLayout;
  mPng = new QCheckBox(QStringLiteral("PNG"));
  mPdf = new QCheckBox(QStringLiteral("PDF"));
  mSvg = new QCheckBox(QStringLiteral("SVG"));
  for (auto* box : {mPng, mPdf, mSvg}) {
    box->setChecked(true);
    formats->addWidget(box);
    connect(box, &QCheckBox::toggled, this, &ExportAllDialog::updateOk);
  }
  formats->addStretch(1);
  form->addRow(tr("Formats"), formats);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  mOk = buttons->button(QDialogButtonBox::Ok);
  mOk->setText(tr("Export"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(mFolder, &QLineEdit::textChanged, this, &ExportAllDialog::updateOk);
  form->addRow(buttons);
  updateOk();
}

void ExportAllDialog::chooseSize(int index) { mSize->setCurrentIndex(index); }
int ExportAllDialog::sizeCount() const { return mSize->count(); }
void ExportAllDialog::setFolder(const QString& folder) { mFolder->setText(folder); }

void ExportAllDialog::browse() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Export every figure into…"), mFolder->text());
  if (!dir.isEmpty()) mFolder->setText(dir);
}

void ExportAllDialog::updateOk() {
  const bool anyFormat = mPng->isChecked() || mPdf->isChecked() || mSvg->isChecked();
  mOk->setEnabled(anyFormat && !mFolder->text().trimmed().isEmpty());
  mOk->setToolTip(anyFormat ? QString() : tr("Choose at least one format"));
}

FigureJob ExportAllDialog::job() const {
  FigureJob job;
  job.outDir = mFolder->text().trimmed();
  job.formats.clear();
  if (mPng->isChecked()) job.formats.push_back(FigureFormat::Png);
  if (mPdf->isChecked()) job.formats.push_back(FigureFormat::Pdf);
  if (mSvg->isChecked()) job.formats.push_back(FigureFormat::Svg);
  switch (mSize->currentIndex()) {
  case Column:
    job.paper = PaperSize{kColumnWidthMm, std::nullopt};
    job.size.dpi = kPaperDpi;
    break;
  case Page:
    job.paper = PaperSize{kPageWidthMm, std::nullopt};
    job.size.dpi = kPaperDpi;
    break;
  default:
    break; // FigureSize's default: 1600 x 1000 px at 150 dpi
  }
  return job;
}

} // namespace llmwb::ui
