// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>

namespace llmwb::io {

/// Replaces `file` with `text` so that a crash leaves the old file or the new one, never half of
/// either: a temporary file beside the target is written, fsynced, given the target's
/// permissions and renamed over it, and the folder is fsynced. A symbolic link is followed (its
/// target is replaced, the link stays); a file without write permission is refused, not replaced,
/// and so is anything at the path that is not a regular file (a device, a FIFO, a socket, a
/// folder). The temporary (.NAME.saving-PID-N) is removed on every failure; those a killed save
/// left (their process gone) are removed by the next save of NAME.
/// Throws std::runtime_error naming the file and the system's reason.
void writeFileAtomically(const std::filesystem::path& file, const std::string& text);
/// Throws, as a save would, when `file` names something that is not a regular file: for commands
/// that check their output's path before hours of work.
void checkSaveTarget(const std::filesystem::path& file);
/// The same for a document written piece by piece (results of a sweep: hundreds of megabytes).
void writeFileAtomically(const std::filesystem::path& file, const std::function<void(std::ostream&)>& write);

} // namespace llmwb::io
