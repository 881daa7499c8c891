// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/edit/memory_edits.h"

#include <algorithm>

namespace llmwb::edit {

namespace {
MemoryLevel& levelAt(MemoryHierarchy& m, std::size_t level) {
  if (level == 0) return m.onChip;
  if (level > m.offChip.size()) throw EditError("there is no level " + std::to_string(level));
  return m.offChip[level - 1];
}

MemoryPart& partAt(MemoryHierarchy& m, PartRef ref) {
  auto& level = levelAt(m, ref.level);
  if (ref.part >= level.parts.size())
    throw EditError(m.levelName(ref.level) + " has no part " + std::to_string(ref.part + 1));
  return level.parts[ref.part];
}

void checkHold(const MemoryHierarchy& m, std::size_t level, const MemoryTechnology& t) {
  if (canHold(m, level, t)) return;
  if (t.placement == MemoryPlacement::OnChip)
    throw EditError(t.name + " is on-chip memory; it can only go to the on-chip level");
  if (level == 0) throw EditError(t.name + " is off-chip memory; it cannot sit on-chip");
  throw EditError("there is no level " + std::to_string(level) + " to put " + t.name + " in");
}

/// Drops off-chip levels without parts; an index `level` shifts down past the dropped ones.
std::size_t dropEmptyLevels(MemoryHierarchy& m, std::size_t level) {
  std::size_t shifted = level;
  for (std::size_t i = m.offChip.size(); i-- > 0;)
    if (m.offChip[i].empty()) {
      m.offChip.erase(m.offChip.begin() + std::ptrdiff_t(i));
      if (level > i + 1) --shifted;
    }
  return shifted;
}

PartRef put(MemoryHierarchy& m, std::size_t level, MemoryPart part) {
  if (level == m.offChip.size() + 1) m.offChip.emplace_back();
  auto& target = levelAt(m, level);
  const auto same = std::find_if(target.parts.begin(), target.parts.end(),
                                 [&](const MemoryPart& p) { return p.technology.id == part.technology.id; });
  if (same != target.parts.end()) {
    same->count += part.count;
    return {level, std::size_t(same - target.parts.begin())};
  }
  target.parts.push_back(std::move(part));
  return {level, target.parts.size() - 1};
}
} // namespace

bool canHold(const MemoryHierarchy& m, std::size_t level, const MemoryTechnology& t) {
  if (t.placement == MemoryPlacement::OnChip) return level == 0;
  return level >= 1 && level <= m.offChip.size() + 1;
}

PartRef addPart(MemoryHierarchy& m, std::size_t level, const MemoryTechnology& t, int count) {
  if (count < 1) throw EditError("a part count must be at least 1");
  checkHold(m, level, t);
  return put(m, level, {t, count});
}

PartRef movePart(MemoryHierarchy& m, PartRef from, std::size_t toLevel) {
  MemoryPart part = partAt(m, from);
  if (toLevel == from.level) return from;
  checkHold(m, toLevel, part.technology);
  // Moving the only part of the outermost level to "a new level" would leave it where it was.
  if (toLevel == m.offChip.size() + 1 && from.level == m.offChip.size() && m.offChip.back().parts.size() == 1) return from;
  auto& source = levelAt(m, from.level);
  source.parts.erase(source.parts.begin() + std::ptrdiff_t(from.part));
  const PartRef at = put(m, toLevel, std::move(part));
  return {dropEmptyLevels(m, at.level), at.part};
}

void setPartCount(MemoryHierarchy& m, PartRef ref, int count) {
  if (count < 1) throw EditError("a part count must be at least 1 (remove the part instead)");
  partAt(m, ref).count = count;
}

void removePart(MemoryHierarchy& m, PartRef ref) {
  partAt(m, ref);
  auto& level = levelAt(m, ref.level);
  level.parts.erase(level.parts.begin() + std::ptrdiff_t(ref.part));
  dropEmptyLevels(m, 0);
}

} // namespace llmwb::edit
