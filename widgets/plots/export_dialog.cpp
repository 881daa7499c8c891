// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plots/export_dialog.h"

#include "widgets/plots/plot_view.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

#include <cmath>

namespace llmwb::ui {

namespace {
constexpr double kMillimetresPerInch = 25.4;
// The last choices are UI state (QSettings), never part of a result.
const QString kSettingsGroup = QStringLiteral("export");
} // namespace

ExportDialog::ExportDialog(const QString& suggestedStem, QWidget* parent, std::function<double(double)> heightForWidth)
    : QDialog(parent), mHeightForWidth(std::move(heightForWidth)) {
  setWindowTitle(tr("Export figure"));
  QSettings settings;
  settings.beginGroup(kSettingsGroup);

  mFormat = new QComboBox(this);
  mFormat->addItem(tr("PNG (raster)"), int(FigureFormat::Png));
  mFormat->addItem(tr("PDF (vector)"), int(FigureFormat::Pdf));
  mFormat->addItem(tr("SVG (vector)"), int(FigureFormat::Svg));
  mFormat->setCurrentIndex(settings.value(QStringLiteral("format"), 0).toInt());

  mPaper = new QComboBox(this);
  mPaper->addItem(tr("Custom"), 0.0);
  mPaper->addItem(tr("Journal column (%1 mm wide)").arg(kColumnWidthMm), kColumnWidthMm);
  mPaper->addItem(tr("Page width (%1 mm wide)").arg(kPageWidthMm), kPageWidthMm);

  mUnit = new QComboBox(this);
  mUnit->addItem(tr("pixels"));
  mUnit->addItem(tr("millimetres"));
  auto spin = [this](double lo, double hi, double value, int decimals) {
    auto* s = new QDoubleSpinBox(this);
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setValue(value);
    return s;
  };
  mWidth = spin(16, 20000, settings.value(QStringLiteral("width_px"), 1600).toDouble(), 0);
  mHeight = spin(16, 20000, settings.value(QStringLiteral("height_px"), 1000).toDouble(), 0);
  mDpi = spin(24, 2400, settings.value(QStringLiteral("dpi"), 150).toDouble(), 0);
  mDpi->setSuffix(tr(" dpi"));
  mPixels = new QLabel(this);

  mPath = new QLineEdit(this);
  const QString folder = settings.value(QStringLiteral("folder"), QDir::homePath()).toString();
  mPath->setText(QDir(folder).filePath(suggestedStem + QLatin1Char('.') + extensionOf(format())));
  auto* browseButton = new QPushButton(tr("Browse…"), this);
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(mPath, 1);
  pathRow->addWidget(browseButton);

  auto* sizeRow = new QHBoxLayout;
  sizeRow->addWidget(mWidth);
  sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
  sizeRow->addWidget(mHeight);
  sizeRow->addWidget(mUnit);

  auto* form = new QFormLayout;
  form->addRow(tr("Format:"), mFormat);
  form->addRow(tr("Paper:"), mPaper);
  form->addRow(tr("Size:"), sizeRow);
  form->addRow(tr("Resolution:"), mDpi);
  form->addRow(QString(), mPixels);
  form->addRow(QString(), new QLabel(tr("Text is 7-9 pt at any size."), this));
  form->addRow(tr("File:"), pathRow);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);

  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
  connect(mFormat, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
  connect(mUnit, &QComboBox::currentIndexChanged, this, &ExportDialog::unitChanged);
  connect(mPaper, &QComboBox::currentIndexChanged, this, &ExportDialog::choosePaper);
  for (auto* s : {mWidth, mHeight, mDpi}) connect(s, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updatePixels);
  updatePixels();
}

int ExportDialog::paperCount() const { return mPaper->count(); }

void ExportDialog::choosePaper(int index) {
  if (mPaper->currentIndex() != index) {
    mPaper->setCurrentIndex(index); // comes back here through the signal
    return;
  }
  const double widthMm = mPaper->itemData(index).toDouble();
  if (!(widthMm > 0)) return; // custom: the numbers stay as they are
  mUnit->setCurrentIndex(1); // millimetres
  const double heightMm = mHeightForWidth ? mHeightForWidth(widthMm) : widthMm * 0.75;
  mDpi->setValue(std::max(mDpi->value(), kPaperDpi));
  for (auto [box, value] : {std::pair{mWidth, widthMm}, std::pair{mHeight, heightMm}}) {
    const QSignalBlocker block(box);
    box->setValue(value);
  }
  updatePixels();
}

FigureFormat ExportDialog::format() const { return FigureFormat(mFormat->currentData().toInt()); }

FigureSize ExportDialog::size() const {
  const double dpi = mDpi->value();
  const bool mm = mUnit->currentIndex() == 1;
  auto px = [&](double v) { return int(std::lround(mm ? v / kMillimetresPerInch * dpi : v)); };
  return {px(mWidth->value()), px(mHeight->value()), dpi};
}

QString ExportDialog::path() const { return mPath->text(); }
void ExportDialog::setPath(const QString& path) { mPath->setText(path); }

void ExportDialog::unitChanged() {
  // Keep the physical size: convert the numbers shown.
  const double dpi = mDpi->value();
  const bool toMm = mUnit->currentIndex() == 1;
  for (auto* s : {mWidth, mHeight}) {
    const QSignalBlocker block(s);
    s->setDecimals(toMm ? 1 : 0);
    s->setValue(toMm ? s->value() / dpi * kMillimetresPerInch : s->value() * dpi / kMillimetresPerInch);
  }
  updatePixels();
}

void ExportDialog::formatChanged() {
  const QFileInfo info(mPath->text());
  mPath->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + extensionOf(format())));
}

void ExportDialog::updatePixels() {
  const FigureSize s = size();
  mPixels->setText(tr("%1 × %2 px, %3 × %4 mm")
                       .arg(s.widthPx)
                       .arg(s.heightPx)
                       .arg(s.widthPx / s.dpi * kMillimetresPerInch, 0, 'f', 0)
                       .arg(s.heightPx / s.dpi * kMillimetresPerInch, 0, 'f', 0));
}

void ExportDialog::browse() {
  const QString ext = extensionOf(format());
  const QString chosen = QFileDialog::getSaveFileName(this, tr("Export figure"), mPath->text(),
                                                      tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
  if (!chosen.isEmpty()) mPath->setText(chosen);
}

void ExportDialog::exportFigure(PlotView& plot, QWidget* parent) {
  ExportDialog dialog(plot.figureName(), parent, [&plot](double widthMm) { return plot.figureHeightMm(widthMm); });
  if (dialog.exec() != QDialog::Accepted) return;
  const FigureSize s = dialog.size();
  QSettings settings;
  settings.beginGroup(kSettingsGroup);
  settings.setValue(QStringLiteral("format"), dialog.mFormat->currentIndex());
  settings.setValue(QStringLiteral("width_px"), s.widthPx);
  settings.setValue(QStringLiteral("height_px"), s.heightPx);
  settings.setValue(QStringLiteral("dpi"), s.dpi);
  settings.setValue(QStringLiteral("folder"), QFileInfo(dialog.path()).absolutePath());
  QString error;
  if (!ui::exportFigure(plot, dialog.path(), dialog.format(), s, &error))
    QMessageBox::warning(parent, tr("Export figure"), error);
}

void ExportDialog::exportData(PlotView& plot, QWidget* parent) {
  QSettings settings;
  settings.beginGroup(kSettingsGroup);
  const QString folder = settings.value(QStringLiteral("folder"), QDir::homePath()).toString();
  QString selectedFilter;
  const QString csv = tr("CSV (*.csv)"), json = tr("JSON (*.json)");
  QString path = QFileDialog::getSaveFileName(parent, tr("Export data"), QDir(folder).filePath(plot.figureName() + QStringLiteral(".csv")),
                                              csv + QStringLiteral(";;") + json, &selectedFilter);
  if (path.isEmpty()) return;
  const bool asJson = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ||
                      (selectedFilter == json && !path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive));
  if (QFileInfo(path).suffix().isEmpty()) path += asJson ? QStringLiteral(".json") : QStringLiteral(".csv");
  settings.setValue(QStringLiteral("folder"), QFileInfo(path).absolutePath());
  QString error;
  if (!ui::exportData(plot.table(), path, asJson ? DataFormat::Json : DataFormat::Csv, &error))
    QMessageBox::warning(parent, tr("Export data"), error);
}

} // namespace llmwb::ui
