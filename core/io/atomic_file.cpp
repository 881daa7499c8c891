// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace llmwb::io {

namespace fs = std::filesystem;

namespace {
std::string reason() { return std::strerror(errno); }

/// The file a path names once symbolic links are followed (the link may point to a file not
/// written yet).
fs::path resolveLinks(const fs::path& file) {
  fs::path target = file;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(target)); ++hops) {
    const fs::path link = fs::read_symlink(target);
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
  return target;
}
} // namespace

void writeFileAtomically(const fs::path& file, const std::string& text) {
  const fs::path target = resolveLinks(file);
  const std::string name = file.string();
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && ::access(target.c_str(), W_OK) != 0)
    throw std::runtime_error(name + ": cannot save over it (" + reason() + "); the file is unchanged");
  // Marked read-only by its owner: refused even where the permissions would let us (root).
  if (exists && (existing.st_mode & 0222) == 0)
    throw std::runtime_error(name + ": the file is read-only; save it under another name or make it writable");

  std::random_device entropy;
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string hidden(1, '.'); // appended piecewise: GCC 12 warns wrongly (-Wrestrict) on "." + string
  hidden.append(target.filename().string()).append(".saving-").append(std::to_string(entropy()));
  const fs::path temporary = folder / hidden;
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) throw std::runtime_error(name + ": cannot write beside it (" + reason() + "); the file is unchanged");
  auto fail = [&](const std::string& what) {
    const std::string why = reason();
    ::close(fd);
    ::unlink(temporary.c_str());
    throw std::runtime_error(name + ": " + what + " (" + why + "); the file is unchanged");
  };
  for (std::size_t written = 0; written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("writing failed");
    }
    written += std::size_t(n);
  }
  // The new file keeps the old one's permissions (a private 0600 project stays private).
  if (exists && ::fchmod(fd, existing.st_mode & 07777) != 0) fail("cannot keep its permissions");
  if (::fsync(fd) != 0) fail("cannot flush it to disk");
  if (::close(fd) != 0) {
    const std::string why = reason();
    ::unlink(temporary.c_str());
    throw std::runtime_error(name + ": writing failed (" + why + "); the file is unchanged");
  }
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    const std::string why = reason();
    ::unlink(temporary.c_str());
    throw std::runtime_error(name + ": cannot replace it (" + why + "); the file is unchanged");
  }
  // The rename itself is durable once the folder is.
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

} // namespace llmwb::io
