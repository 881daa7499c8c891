// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/inspector/form_builder.h"

#include "widgets/document/project_document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace llmwb::ui {

FormBuilder::FormBuilder(QFormLayout* form, ProjectDocument* document, int mergeBase)
    : mForm(form), mDocument(document), mMergeBase(mergeBase) {}

void FormBuilder::section(const QString& title) {
  auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()));
  label->setContentsMargins(0, 8, 0, 2);
  mForm->addRow(label);
}

void FormBuilder::text(const QString& label, const QString& value, const QString& tip) {
  auto* v = new QLabel(value);
  v->setWordWrap(true);
  v->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->setToolTip(tip);
  mForm->addRow(label, v);
}

void FormBuilder::integer(const QString& label, int value, int min, int max, const QString& suffix, const QString& tip,
                          Setter<int> set, const QString& special) {
  auto* box = new QSpinBox;
  box->setRange(min, max);
  box->setValue(value);
  box->setSuffix(suffix);
  box->setToolTip(tip);
  box->setKeyboardTracking(false);
  box->setObjectName(label);
  if (!special.isEmpty()) box->setSpecialValueText(special);
  const int key = nextKey();
  QObject::connect(box, &QSpinBox::valueChanged, box, [doc = mDocument, set, key, label](int v) {
    doc->edit(QObject::tr("Set %1 to %2").arg(label).arg(v), [&](Project& p) { set(p, v); }, key);
  });
  mForm->addRow(label, box);
}

void FormBuilder::number(const QString& label, double value, double min, double max, int decimals, const QString& suffix,
                         const QString& tip, Setter<double> set) {
  auto* box = new QDoubleSpinBox;
  box->setRange(min, max);
  box->setDecimals(decimals);
  box->setValue(value);
  box->setSuffix(suffix);
  box->setToolTip(tip);
  box->setKeyboardTracking(false);
  box->setObjectName(label);
  const int key = nextKey();
  QObject::connect(box, &QDoubleSpinBox::valueChanged, box, [doc = mDocument, set, key, label, suffix](double v) {
    doc->edit(QObject::tr("Set %1 to %2%3").arg(label).arg(v).arg(suffix), [&](Project& p) { set(p, v); }, key);
  });
  mForm->addRow(label, box);
}

void FormBuilder::choice(const QString& label, const QStringList& options, const QString& current, const QString& tip,
                         Setter<QString> set) {
  auto* combo = new QComboBox;
  combo->addItems(options);
  combo->setCurrentText(current);
  combo->setToolTip(tip);
  combo->setObjectName(label);
  QObject::connect(combo, &QComboBox::currentTextChanged, combo, [doc = mDocument, set, label](const QString& v) {
    doc->edit(QObject::tr("Set %1 to %2").arg(label, v), [&](Project& p) { set(p, v); });
  });
  mForm->addRow(label, combo);
}

void FormBuilder::line(const QString& label, const QString& value, const QString& tip, Setter<QString> set) {
  auto* edit = new QLineEdit(value);
  edit->setCursorPosition(0);
  edit->setToolTip(tip);
  edit->setObjectName(label);
  QObject::connect(edit, &QLineEdit::editingFinished, edit, [doc = mDocument, set, label, edit, value] {
    const QString v = edit->text();
    if (v == value) return;
    doc->edit(QObject::tr("Set %1 to %2").arg(label, v), [&](Project& p) { set(p, v); });
  });
  mForm->addRow(label, edit);
}

} // namespace llmwb::ui
