// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where each field of a preset comes from ("sources": field name -> citation). The notes are read
// with the preset and shown by the inspector, never by a cost model; yet every evaluation copies its
// device specs, so the notes are shared between copies and copied only when one is written
// (copy-on-write).

#include <map>
#include <memory>
#include <string>

namespace llmwb {

class SourceNotes {
public:
  using Map = std::map<std::string, std::string>;

  SourceNotes() = default;
  SourceNotes(Map notes) // NOLINT: implicit, as for the map it stands for
      : mNotes(notes.empty() ? nullptr : std::make_shared<Map>(std::move(notes))) {}

  const Map& map() const { return mNotes ? *mNotes : none(); }
  bool empty() const { return !mNotes || mNotes->empty(); }
  std::size_t size() const { return map().size(); }
  std::size_t count(const std::string& field) const { return map().count(field); }
  Map::const_iterator find(const std::string& field) const { return map().find(field); }
  const std::string& at(const std::string& field) const { return map().at(field); }
  Map::const_iterator begin() const { return map().begin(); }
  Map::const_iterator end() const { return map().end(); }

  /// The note for `field`, to write: the notes are copied first when another spec shares them.
  std::string& operator[](const std::string& field) { return own()[field]; }
  void clear() { mNotes.reset(); }

  friend bool operator==(const SourceNotes& a, const SourceNotes& b) { return a.map() == b.map(); }

private:
  Map& own() {
    if (!mNotes) mNotes = std::make_shared<Map>();
    else if (mNotes.use_count() > 1) mNotes = std::make_shared<Map>(*mNotes);
    return const_cast<Map&>(*mNotes); // every Map here is made non-const (make_shared<Map>)
  }
  static const Map& none() {
    static const Map nothing;
    return nothing;
  }
  std::shared_ptr<const Map> mNotes;
};

} // namespace llmwb
