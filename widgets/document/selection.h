// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <cstddef>

namespace llmwb::ui {

/// What the user has selected in the system editors; the inspector shows it.
struct Selection {
  enum class Kind { Project, Device, Level, Part, PackageItem };
  Kind kind = Kind::Project;
  std::size_t group = 0; ///< device group
  std::size_t level = 0; ///< 0 on-chip, 1.. L1..
  std::size_t index = 0; ///< part in the level, or floorplan item
  friend bool operator==(const Selection&, const Selection&) = default;
};

class SelectionModel : public QObject {
  Q_OBJECT
public:
  using QObject::QObject;
  const Selection& current() const { return mCurrent; }
  void select(const Selection& s) {
    if (s == mCurrent) return;
    mCurrent = s;
    emit changed(mCurrent);
  }
  void clear() { select({}); }

signals:
  void changed(const llmwb::ui::Selection& selection);

private:
  Selection mCurrent;
};

} // namespace llmwb::ui
