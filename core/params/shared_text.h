// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Immutable text that copies share instead of duplicating: a phase result gives dozens of
// operators the same bound description ("weight reads @ L1 (HBM3E 8-high x8)"), and copying a
// std::string that long allocates each time (0.6 us of a 15 us evaluation, bench_evaluate).

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace llmwb {

class SharedText {
public:
  SharedText() = default;
  SharedText(std::string text) // NOLINT: implicit, as for a std::string
      : mText(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
  SharedText(const char* text) : SharedText(std::string(text)) {} // NOLINT

  const std::string& str() const { return mText ? *mText : none(); }
  operator const std::string&() const { return str(); } // NOLINT: reads as the text it holds
  const char* c_str() const { return str().c_str(); }
  bool empty() const { return !mText || mText->empty(); }

  std::size_t size() const { return str().size(); }
  std::size_t find(std::string_view text, std::size_t from = 0) const { return str().find(text, from); }

  friend bool operator==(const SharedText& a, const SharedText& b) { return a.str() == b.str(); }
  friend std::string operator+(const std::string& a, const SharedText& b) { return a + b.str(); }
  friend std::string operator+(const SharedText& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const SharedText& a, const char* b) { return a.str() + b; }
  friend std::ostream& operator<<(std::ostream& out, const SharedText& t) { return out << t.str(); }
  friend bool operator==(const SharedText& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const SharedText& a, const char* b) { return a.str() == b; }

private:
  static const std::string& none() {
    static const std::string nothing;
    return nothing;
  }
  std::shared_ptr<const std::string> mText;
};

} // namespace llmwb
