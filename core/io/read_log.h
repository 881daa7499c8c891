// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a result was computed from: every input file read while a ReadLog lives on this thread,
// with a digest of its bytes. A resumed sweep compares them with the journal's, so a preset
// edited between a kill and the resume is noticed instead of mixing two worlds.

#include <map>
#include <string>

namespace llmwb::io {

class ReadLog {
public:
  ReadLog();  ///< starts recording on this thread (a log already recording is paused meanwhile)
  ~ReadLog();
  ReadLog(const ReadLog&) = delete;
  ReadLog& operator=(const ReadLog&) = delete;

  /// Path as read (absolute where the file was found) → "crc32:" and eight hex digits.
  const std::map<std::string, std::string>& files() const { return mFiles; }

  /// Called by the readers (parseJsonFile) for every file they read.
  static void record(const std::string& path, const std::string& bytes);

private:
  std::map<std::string, std::string> mFiles;
  ReadLog* mOuter;
};

/// "crc32:1a2b3c4d": a digest that tells an edited file from the one read before (Boost.CRC).
std::string digestOf(const std::string& bytes);

} // namespace llmwb::io
