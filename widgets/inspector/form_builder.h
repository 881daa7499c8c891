// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/io/project.h"
#include "core/params/param_table.h"

#include <QString>
#include <QStringList>

#include <functional>

class QFormLayout;
class QWidget;

namespace llmwb::ui {

class ProjectDocument;

/// Builds typed inspector fields whose changes become document edits: each field has its unit
/// in its suffix and label, a range, and a tooltip that says what it is and where its value
/// comes from. Spin boxes commit on Enter, focus loss or an arrow step; repeated steps of one
/// field merge into one undo step.
class FormBuilder {
public:
  /// `scope` names what the form edits ("device/0", "part/0/1/0", "project"): with a field's label
  /// and key it makes the field's undo merge key (ProjectDocument::mergeKey).
  FormBuilder(QFormLayout* form, ProjectDocument* document, QString scope);
  /// Fills the rows `form` already has instead of adding rows: each field updates the widget of
  /// its row in place (value, range, choices, tooltip), without emitting edits. reusedAll() says
  /// whether the form had exactly these rows; where it did not, the caller builds a new form.
  struct Reuse {};
  FormBuilder(QFormLayout* form, ProjectDocument* document, QString scope, Reuse);
  /// Reuse mode: every field found its row, and no row was left over.
  bool reusedAll() const;
  /// What the form edits, asked when an edit is made ("MemExplorer D1 (decode)"): the edit
  /// history then reads "Set Devices of MemExplorer D1 (decode) to 8". None: "Set Devices to 8".
  void setSubject(std::function<QString()> subject) { mSubject = std::move(subject); }

  template <typename T>
  using Setter = std::function<void(Project&, T)>;

  void section(const QString& title);
  void text(const QString& label, const QString& value, const QString& tip = {});
  void integer(const QString& label, int value, int min, int max, const QString& suffix, const QString& tip,
               Setter<int> set, const QString& special = {});
  void number(const QString& label, double value, double min, double max, int decimals, const QString& suffix,
              const QString& tip, Setter<double> set);
  void choice(const QString& label, const QStringList& options, const QString& current, const QString& tip,
              Setter<QString> set);
  void line(const QString& label, const QString& value, const QString& tip, Setter<QString> set);
  /// A field from a parameter table (core/params): label, unit suffix, range, choices and special
  /// value from the table; shares (unit "fraction") are shown in percent. `set` gets the value in
  /// the field's preset unit, checked against its range.
  void field(const params::FieldInfo& info, const params::FieldValue& current, const QString& tip,
             Setter<params::FieldValue> set);

  /// The field just added is not read by the engine that evaluates it: it is shown disabled, its
  /// label marked, and its tooltip says why (`reason`), so that no edit is silently without effect.
  void markIgnored(const QString& engine, const QString& reason);

private:
  int keyFor(const QString& label) const;
  /// Reuse mode: the field widget of the next row when it is a W named `label` (its label reset,
  /// enabled), else nullptr and the form no longer matches. Outside reuse mode: nullptr.
  template <class W>
  W* reused(const QString& label);
  /// Adds a row, or in reuse mode steps past the row reused() matched.
  void addRow(const QString& label, QWidget* field);

  bool mReuse = false;
  bool mMatched = true;
  int mRow = 0; ///< rows added or reused so far

  QFormLayout* mForm;
  ProjectDocument* mDocument;
  QString mScope;
  QString mFieldKey; ///< the parameter-table key of the field being added (field()), part of its merge key
  std::function<QString()> mSubject;
};

} // namespace llmwb::ui
