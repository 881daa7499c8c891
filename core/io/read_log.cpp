// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/read_log.h"

#include <boost/crc.hpp>

#include <cstdio>
#include <filesystem>

namespace llmwb::io {

namespace {
thread_local ReadLog* tCurrent = nullptr;
}

ReadLog::ReadLog() : mOuter(tCurrent) { tCurrent = this; }
ReadLog::~ReadLog() { tCurrent = mOuter; }

void ReadLog::record(const std::string& path, const std::string& bytes) {
  if (!tCurrent) return;
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(path, ec).lexically_normal();
  tCurrent->mFiles[ec ? path : absolute.string()] = digestOf(bytes);
}

std::string digestOf(const std::string& bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  char text[16];
  std::snprintf(text, sizeof text, "%08x", unsigned(crc.checksum()));
  return std::string("crc32:") + text;
}

} // namespace llmwb::io
