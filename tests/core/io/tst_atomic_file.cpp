// SPDX-License-Identifier: GPL-3.0-or-later
// Saving replaces a file the way a user expects: permissions kept, links followed, a read-only
// file refused and left alone, the system's reason in every error; what is not a regular file
// (a device, a FIFO, a folder) is never replaced; a killed save's temporary is cleaned up.
#include "core/io/atomic_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

namespace llmwb::io {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("llmwb-atomic-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path p = dir / name;
  fs::remove_all(p); // a folder a run with the same process id left behind (ids are reused)
  return p;
}

std::string contents(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

mode_t mode(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mode & 07777;
}

TEST(AtomicFile, WritesANewFile) {
  const auto f = scratch("new.txt");
  writeFileAtomically(f, "hello");
  EXPECT_EQ(contents(f), "hello");
  for (const auto& e : fs::directory_iterator(f.parent_path()))
    EXPECT_EQ(e.path().filename().string().find(".saving-"), std::string::npos) << "a temporary file was left";
}

TEST(AtomicFile, KeepsAPrivateFilePrivate) {
  const auto f = scratch("private.txt");
  std::ofstream(f) << "old";
  fs::permissions(f, fs::perms::owner_read | fs::perms::owner_write);
  writeFileAtomically(f, "new");
  EXPECT_EQ(contents(f), "new");
  EXPECT_EQ(mode(f), 0600u);
}

TEST(AtomicFile, RefusesAReadOnlyFileAndLeavesItAlone) {
  const auto f = scratch("readonly.txt");
  std::ofstream(f) << "old";
  fs::permissions(f, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  try {
    writeFileAtomically(f, "new");
    FAIL() << "a read-only file was replaced";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  }
  EXPECT_EQ(contents(f), "old");
  EXPECT_EQ(mode(f), 0444u);
}

TEST(AtomicFile, WritesThroughASymbolicLink) {
  const auto target = scratch("target.txt");
  const auto link = scratch("link.txt");
  std::ofstream(target) << "old";
  fs::create_symlink(target.filename(), link);
  writeFileAtomically(link, "new");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link))) << "the link was replaced by a file";
  EXPECT_EQ(contents(target), "new");
}

TEST(AtomicFile, AMissingFolderGivesTheSystemsReason) {
  const auto f = scratch("missing") / "deeper" / "x.txt";
  try {
    writeFileAtomically(f, "x");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos) << e.what();
  }
}

// A document written piece by piece: complete when the writer finishes, untouched when it throws.
TEST(AtomicFile, StreamedDocumentIsAllOrNothing) {
  const auto folder = scratch("streamed");
  fs::create_directories(folder);
  const auto f = folder / "results.json";
  writeFileAtomically(f, std::string("old"));
  writeFileAtomically(f, [](std::ostream& out) {
    for (int i = 0; i < 100000; ++i) out << i << '\n'; // several buffers' worth
  });
  EXPECT_EQ(contents(f).substr(0, 4), "0\n1\n");
  EXPECT_EQ(contents(f).size(), 588890u);
  EXPECT_THROW(writeFileAtomically(f, [](std::ostream& out) {
                 out << "half";
                 throw std::runtime_error("cancelled");
               }),
               std::runtime_error);
  EXPECT_EQ(contents(f).size(), 588890u);
  std::size_t leftovers = 0;
  for (const auto& entry : fs::directory_iterator(folder)) leftovers += entry.path() != f;
  EXPECT_EQ(leftovers, 0u);
}

TEST(AtomicFile, RefusesWhatIsNotARegularFileAndLeavesItAlone) {
  const fs::path fifo = scratch("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const fs::path folder = scratch("folder");
  fs::create_directories(folder);
  const fs::path linkToFifo = scratch("link-to-pipe");
  fs::create_symlink(fifo, linkToFifo);
  for (const auto& [path, kind] : std::vector<std::pair<fs::path, std::string>>{
           {fifo, "a FIFO (named pipe)"}, {folder, "a folder"}, {linkToFifo, "a FIFO (named pipe)"}}) {
    try {
      writeFileAtomically(path, "replaced?");
      FAIL() << "saved over " << path;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(kind + ", not a regular file"), std::string::npos) << e.what();
    }
    EXPECT_THROW(checkSaveTarget(path), std::runtime_error);
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_directory(folder));
  EXPECT_TRUE(fs::is_symlink(linkToFifo));
  // /dev/null is a character device: refused by the check (never written to here)
  EXPECT_THROW(checkSaveTarget("/dev/null"), std::runtime_error);
  EXPECT_NO_THROW(checkSaveTarget(scratch("not-yet.json")));
  fs::remove(fifo);
  fs::remove(linkToFifo);
}

TEST(AtomicFile, TheNextSaveRemovesTheTemporariesOfAKilledOneButNotThoseOfASaveUnderWay) {
  const fs::path file = scratch("project.llmwb");
  const fs::path folder = file.parent_path();
  // 2^31 - 1 is above any Linux process id (at most 2^22): that process is gone.
  const fs::path dead = folder / ".project.llmwb.saving-2147483647-12345";
  const fs::path alive = folder / (".project.llmwb.saving-" + std::to_string(::getpid()) + "-777");
  const fs::path other = folder / ".other.llmwb.saving-2147483647-1";
  for (const auto& p : {dead, alive, other}) std::ofstream(p) << "half a document";
  writeFileAtomically(file, "whole");
  EXPECT_EQ(contents(file), "whole");
  EXPECT_FALSE(fs::exists(dead));
  EXPECT_TRUE(fs::exists(alive)) << "a save under way in a live process keeps its temporary";
  EXPECT_TRUE(fs::exists(other)) << "only the saved file's temporaries are touched";
  fs::remove(alive);
  fs::remove(other);
  for (const auto& entry : fs::directory_iterator(folder))
    EXPECT_EQ(entry.path().filename().string().find(".project.llmwb.saving-"), std::string::npos) << entry.path();
}

} // namespace
} // namespace llmwb::io
