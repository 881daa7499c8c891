// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <streambuf>

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

namespace {
std::string kindOf(mode_t mode) {
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a folder";
  return "not a file";
}

/// ".NAME.saving-": a save's temporary beside NAME is this, its process id, "-" and a random number.
std::string temporaryPrefix(const std::string& name) {
  std::string hidden(1, '.'); // appended piecewise: GCC 12 warns wrongly (-Wrestrict) on "." + string
  return hidden.append(name).append(".saving-");
}

/// Removes the temporaries a killed save of NAME left in `folder`: those whose process is gone
/// (a save under way in another process keeps its own), and those of the earlier naming without a
/// process id once they are an hour old.
void removeStaleTemporaries(const fs::path& folder, const std::string& name) {
  const std::string prefix = temporaryPrefix(name);
  std::error_code ec;
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string file = it->path().filename().string();
    if (file.rfind(prefix, 0) != 0) continue;
    const std::string rest = file.substr(prefix.size());
    const auto dash = rest.find('-');
    bool stale = false;
    if (dash != std::string::npos && dash > 0 && rest.find_first_not_of("0123456789-") == std::string::npos) {
      const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
      stale = pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
    } else if (!rest.empty() && rest.find_first_not_of("0123456789") == std::string::npos) {
      std::error_code timeError;
      const auto written = fs::last_write_time(it->path(), timeError);
      stale = !timeError && fs::file_time_type::clock::now() - written > std::chrono::hours(1);
    }
    std::error_code removeError;
    if (stale && it->is_regular_file(removeError)) fs::remove(it->path(), removeError);
  }
}

/// Streams into a file descriptor, remembering the first failed write's errno.
class DescriptorBuffer : public std::streambuf {
public:
  explicit DescriptorBuffer(int fd) : mFd(fd) { setp(mBuffer, mBuffer + sizeof mBuffer); }
  int error() const { return mError; }
  int sync() override { return drain() ? 0 : -1; }

protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }

private:
  bool drain() {
    for (char* p = pbase(); p < pptr();) {
      const ssize_t n = ::write(mFd, p, std::size_t(pptr() - p));
      if (n < 0) {
        if (errno == EINTR) continue;
        mError = errno;
        return false;
      }
      p += n;
    }
    setp(mBuffer, mBuffer + sizeof mBuffer);
    return true;
  }

  int mFd;
  int mError = 0;
  char mBuffer[1 << 16];
};
} // namespace

void checkSaveTarget(const fs::path& file) {
  const fs::path target = resolveLinks(file);
  struct stat existing {};
  if (::stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode))
    throw std::runtime_error(file.string() + ": " + kindOf(existing.st_mode) + ", not a regular file; save to a file's path");
}

void writeFileAtomically(const fs::path& file, const std::string& text) {
  writeFileAtomically(file, [&](std::ostream& out) { out << text; });
}

void writeFileAtomically(const fs::path& file, const std::function<void(std::ostream&)>& write) {
  const fs::path target = resolveLinks(file);
  const std::string name = file.string();
  struct stat existing {};
  // A save writes files: a device (/dev/null), a FIFO, a socket or a folder at the path is refused,
  // never replaced by a regular file.
  checkSaveTarget(file);
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && ::access(target.c_str(), W_OK) != 0)
    throw std::runtime_error(name + ": cannot save over it (" + reason() + "); the file is unchanged");
  // Marked read-only by its owner: refused even where the permissions would let us (root).
  if (exists && (existing.st_mode & 0222) == 0)
    throw std::runtime_error(name + ": the file is read-only; save it under another name or make it writable");

  std::random_device entropy;
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  removeStaleTemporaries(folder, target.filename().string());
  const fs::path temporary = folder / (temporaryPrefix(target.filename().string()) + std::to_string(::getpid()) + "-" +
                                       std::to_string(entropy()));
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) throw std::runtime_error(name + ": cannot write beside it (" + reason() + "); the file is unchanged");
  auto fail = [&](const std::string& what, int why) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw std::runtime_error(name + ": " + what + " (" + std::strerror(why) + "); the file is unchanged");
  };
  {
    DescriptorBuffer buffer(fd);
    std::ostream out(&buffer);
    try {
      write(out);
    } catch (...) {
      ::close(fd);
      ::unlink(temporary.c_str());
      throw;
    }
    out.flush();
    if (buffer.error() || !out) fail("writing failed", buffer.error() ? buffer.error() : EIO);
  }
  // The new file keeps the old one's permissions (a private 0600 project stays private).
  if (exists && ::fchmod(fd, existing.st_mode & 07777) != 0) fail("cannot keep its permissions", errno);
  if (::fsync(fd) != 0) fail("cannot flush it to disk", errno);
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
