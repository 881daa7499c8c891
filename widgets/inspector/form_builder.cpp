// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/inspector/form_builder.h"

#include "widgets/document/project_document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace llmwb::ui {

namespace {
/// The edit history's name of a field's edit: "Set Devices of MemExplorer D1 (decode) to 8".
QString editName(const QString& label, const QString& value, const std::function<QString()>& subject) {
  const QString of = subject ? subject() : QString();
  return of.isEmpty() ? QObject::tr("Set %1 to %2").arg(label, value) : QObject::tr("Set %1 of %2 to %3").arg(label, of, value);
}

/// A field may narrow down to this in a narrow dock (a number of six digits and its unit).
constexpr int kNarrowestFieldPx = 90;
} // namespace

FormBuilder::FormBuilder(QFormLayout* form, ProjectDocument* document, QString scope)
    : mForm(form), mDocument(document), mScope(std::move(scope)) {}

FormBuilder::FormBuilder(QFormLayout* form, ProjectDocument* document, QString scope, Reuse)
    : FormBuilder(form, document, std::move(scope)) {
  mReuse = true;
}

bool FormBuilder::reusedAll() const { return mReuse && mMatched && mRow == mForm->rowCount(); }

template <class W>
W* FormBuilder::reused(const QString& label) {
  if (!mReuse || !mMatched) return nullptr;
  W* w = nullptr;
  if (mRow < mForm->rowCount()) {
    auto* labelItem = mForm->itemAt(mRow, label.isNull() ? QFormLayout::SpanningRole : QFormLayout::LabelRole);
    auto* fieldItem = mForm->itemAt(mRow, label.isNull() ? QFormLayout::SpanningRole : QFormLayout::FieldRole);
    auto* name = labelItem ? qobject_cast<QLabel*>(labelItem->widget()) : nullptr;
    w = fieldItem ? qobject_cast<W*>(fieldItem->widget()) : nullptr;
    if (w && !label.isNull() && name && name->property("formLabel").toString() == label) {
      name->setText(label); // markIgnored may have marked it
      name->setToolTip({});
      w->setEnabled(true);
    } else if (!label.isNull()) {
      w = nullptr;
    }
  }
  if (!w) mMatched = false;
  ++mRow;
  return w;
}

void FormBuilder::addRow(const QString& label, QWidget* field) {
  ++mRow;
  if (label.isNull()) {
    mForm->addRow(field);
    return;
  }
  auto* name = new QLabel(label);
  name->setProperty("formLabel", label);
  name->setBuddy(field);
  // In a narrow dock a long label wraps and a field narrows (its text scrolls inside it) rather
  // than the form growing wider than the dock.
  name->setWordWrap(true);
  field->setMinimumWidth(std::min(field->minimumSizeHint().width(), kNarrowestFieldPx));
  if (auto* combo = qobject_cast<QComboBox*>(field)) {
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(6);
  }
  mForm->addRow(name, field);
}

int FormBuilder::keyFor(const QString& label) const {
  return ProjectDocument::mergeKey(mScope + QLatin1Char('/') + label + QLatin1Char('/') + mFieldKey);
}

void FormBuilder::section(const QString& title) {
  const QString text = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
  if (mReuse) {
    if (auto* label = reused<QLabel>(QString())) label->setText(text);
    return;
  }
  auto* label = new QLabel(text);
  label->setContentsMargins(0, 8, 0, 2);
  label->setWordWrap(true); // a long heading ("Software strategy (dataflow, ...)") wraps to the dock
  addRow(QString(), label);
}

void FormBuilder::text(const QString& label, const QString& value, const QString& tip) {
  if (mReuse) {
    if (auto* v = reused<QLabel>(label)) {
      v->setText(value);
      v->setToolTip(tip);
    }
    return;
  }
  auto* v = new QLabel(value);
  v->setWordWrap(true);
  v->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->setToolTip(tip);
  addRow(label, v);
}

void FormBuilder::integer(const QString& label, int value, int min, int max, const QString& suffix, const QString& tip,
                          Setter<int> set, const QString& special) {
  if (mReuse) {
    if (auto* box = reused<QSpinBox>(label)) {
      const QSignalBlocker block(box);
      box->setRange(min, max);
      box->setValue(value);
      box->setSuffix(suffix);
      box->setToolTip(tip);
      box->setSpecialValueText(special);
    }
    return;
  }
  auto* box = new QSpinBox;
  box->setRange(min, max);
  box->setValue(value);
  box->setSuffix(suffix);
  box->setToolTip(tip);
  box->setKeyboardTracking(false);
  box->setObjectName(label);
  if (!special.isEmpty()) box->setSpecialValueText(special);
  const int key = keyFor(label);
  QObject::connect(box, &QSpinBox::valueChanged, box, [doc = mDocument, set, key, label, subject = mSubject](int v) {
    doc->edit(editName(label, QString::number(v), subject), [&](Project& p) { set(p, v); }, key);
  });
  addRow(label, box);
}

void FormBuilder::number(const QString& label, double value, double min, double max, int decimals, const QString& suffix,
                         const QString& tip, Setter<double> set) {
  if (mReuse) {
    if (auto* box = reused<QDoubleSpinBox>(label)) {
      const QSignalBlocker block(box);
      box->setDecimals(decimals);
      box->setRange(min, max);
      box->setValue(value);
      box->setSuffix(suffix);
      box->setToolTip(tip);
    }
    return;
  }
  auto* box = new QDoubleSpinBox;
  box->setRange(min, max);
  box->setDecimals(decimals);
  box->setValue(value);
  box->setSuffix(suffix);
  box->setToolTip(tip);
  box->setKeyboardTracking(false);
  box->setObjectName(label);
  const int key = keyFor(label);
  QObject::connect(box, &QDoubleSpinBox::valueChanged, box, [doc = mDocument, set, key, label, suffix, subject = mSubject](double v) {
    doc->edit(editName(label, QString::number(v) + suffix, subject), [&](Project& p) { set(p, v); }, key);
  });
  addRow(label, box);
}

void FormBuilder::choice(const QString& label, const QStringList& options, const QString& current, const QString& tip,
                         Setter<QString> set) {
  if (mReuse) {
    if (auto* combo = reused<QComboBox>(label)) {
      const QSignalBlocker block(combo);
      QStringList shown;
      for (int i = 0; i < combo->count(); ++i) shown << combo->itemText(i);
      if (shown != options) {
        combo->clear();
        combo->addItems(options);
      }
      combo->setCurrentText(current);
      combo->setToolTip(tip);
    }
    return;
  }
  auto* combo = new QComboBox;
  combo->addItems(options);
  combo->setCurrentText(current);
  combo->setToolTip(tip);
  combo->setObjectName(label);
  QObject::connect(combo, &QComboBox::currentTextChanged, combo, [doc = mDocument, set, label, subject = mSubject](const QString& v) {
    doc->edit(editName(label, v, subject), [&](Project& p) { set(p, v); });
  });
  addRow(label, combo);
}

void FormBuilder::line(const QString& label, const QString& value, const QString& tip, Setter<QString> set) {
  if (mReuse) {
    if (auto* edit = reused<QLineEdit>(label)) {
      edit->setProperty("documentValue", value);
      if (edit->text() != value) {
        const QSignalBlocker block(edit);
        edit->setText(value);
        edit->setCursorPosition(0);
      }
      edit->setToolTip(tip);
    }
    return;
  }
  auto* edit = new QLineEdit(value);
  edit->setCursorPosition(0);
  edit->setToolTip(tip);
  edit->setObjectName(label);
  edit->setProperty("documentValue", value); // what the document holds: finishing without a change edits nothing
  QObject::connect(edit, &QLineEdit::editingFinished, edit, [doc = mDocument, set, label, edit, subject = mSubject] {
    const QString v = edit->text();
    if (v == edit->property("documentValue").toString()) return;
    doc->edit(editName(label, v, subject), [&](Project& p) { set(p, v); });
  });
  addRow(label, edit);
}

void FormBuilder::markIgnored(const QString& engine, const QString& reason) {
  const int row = mRow - 1;
  if (row < 0 || row >= mForm->rowCount() || !mMatched) return;
  auto* fieldItem = mForm->itemAt(row, QFormLayout::FieldRole);
  auto* labelItem = mForm->itemAt(row, QFormLayout::LabelRole);
  const QString tip = QObject::tr("<b>Not read by the %1 engine</b>: %2").arg(engine.toHtmlEscaped(), reason.toHtmlEscaped());
  if (fieldItem && fieldItem->widget()) {
    fieldItem->widget()->setEnabled(false);
    fieldItem->widget()->setToolTip(tip + QStringLiteral("<br>") + fieldItem->widget()->toolTip());
  }
  if (labelItem && labelItem->widget())
    if (auto* label = qobject_cast<QLabel*>(labelItem->widget())) {
      label->setText(QObject::tr("%1 (not read)").arg(label->text()));
      label->setToolTip(tip);
    }
}

void FormBuilder::field(const params::FieldInfo& info, const params::FieldValue& current, const QString& tip,
                        Setter<params::FieldValue> set) {
  const QString label = QString::fromStdString(info.label.empty() ? info.key : info.label);
  mFieldKey = QString::fromStdString(info.key);
  struct Reset {
    QString& key;
    ~Reset() { key.clear(); }
  } reset{mFieldKey};
  const QString suffix = info.unit.empty() ? QString() : QStringLiteral(" ") + QString::fromStdString(info.unit);
  auto checked = [set, info](Project& p, const params::FieldValue& v) { set(p, params::checkValue(info, v)); };
  switch (info.type) {
  case params::FieldType::Choice: {
    QStringList options;
    for (const auto& c : info.choices) options << QString::fromStdString(c);
    choice(label, options, QString::fromStdString(std::get<std::string>(current)), tip,
           [checked](Project& p, const QString& v) { checked(p, v.toStdString()); });
    return;
  }
  case params::FieldType::Boolean:
    choice(label, {QStringLiteral("true"), QStringLiteral("false")},
           std::get<double>(current) != 0 ? QStringLiteral("true") : QStringLiteral("false"), tip,
           [checked](Project& p, const QString& v) { checked(p, v.toStdString()); });
    return;
  case params::FieldType::Text:
    line(label, QString::fromStdString(std::get<std::string>(current)), tip,
         [checked](Project& p, const QString& v) { checked(p, v.toStdString()); });
    return;
  case params::FieldType::Integer: {
    const double value = std::get<double>(current);
    const int top = int(std::min(info.range.max, 1e9));
    int low = int(std::max(info.range.min, -1e9));
    QString specialText;
    if (info.special) {
      specialText = QString::fromStdString(info.special->name);
      --low; // the spin box's lowest value stands for the special one
    }
    const bool isSpecial = info.special && value == info.special->value;
    integer(label, isSpecial ? low : int(value), low, top, suffix, tip,
            [checked, info, low](Project& p, int v) {
              if (info.special && v == low) checked(p, info.special->name);
              else checked(p, double(v));
            },
            specialText);
    return;
  }
  case params::FieldType::Real: break;
  }
  const double value = std::get<double>(current);
  if (info.unit == "fraction") {
    number(label, value * 100, info.range.min * 100, info.range.max * 100, 1, QStringLiteral(" %"), tip,
           [checked](Project& p, double v) { checked(p, v / 100); });
    return;
  }
  const double magnitude = std::abs(value);
  const int decimals = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 4;
  // An exclusive lower bound is not a value the box may show; step just above it.
  const double low = info.range.minExclusive ? info.range.min + std::pow(10.0, -decimals) : info.range.min;
  number(label, value, low, std::min(info.range.max, 1e12), decimals, suffix, tip, checked);
}

} // namespace llmwb::ui
