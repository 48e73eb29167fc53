// Staged output directories replaced whole on commit, and atomic file writes.
#include "experiments/output/output_directory.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <optional>
#include <set>
#include <stdexcept>
#include <sys/file.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "experiments/config/output_names.hpp"
#include "experiments/output/output_file.hpp"

namespace mpnsim {

namespace fs = std::filesystem;

namespace {

// The mark of a directory mpnsim wrote, so that a later run knows it may replace it: a
// sentence, then the list of what the run wrote (directories end in '/'), so that a later run
// can tell the user's files from its own.
constexpr const char* kMark = ".mpnsim-output";
constexpr const char* kMarkText =
    "This directory was written by mpnsim. The next `mpnsim run` or `mpnsim merge` into it replaces it whole;\n"
    "it refuses to when the directory holds anything not listed below (files of yours are never deleted).\n";
constexpr const char* kListHeader = "files:";

// What a staging area holds: the lock, the journal, the staged output and the previous DIR.
bool staging_entry(const std::string& name) {
  return name == "lock" || name == "journal.jsonl" || name == "output" || name == "previous";
}

// Writes a file that no link may redirect (O_NOFOLLOW), every write and the close checked.
void write_plain(const fs::path& path, const std::string& content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) throw std::runtime_error(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
  try {
    write_all(fd, content, path.string());
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0 && errno != EINTR)
    throw std::runtime_error(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
}

// A summary.json of an mpnsim from before the mark: its first bytes name the version.
bool has_old_summary(const fs::path& dir) {
  std::ifstream in(dir / "summary.json", std::ios::binary);
  if (!in) return false;
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head.find("\"mpnsim_version\"") != std::string::npos;
}

// The entries .mpnsim-output lists, or nullopt when there is no mark, or one (of an mpnsim
// before the list) without a list, or one that is not a regular file.
std::optional<std::set<std::string>> listed_entries(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(dir / kMark, ec))) return std::nullopt;
  std::ifstream in(dir / kMark, std::ios::binary);
  std::set<std::string> listed;
  bool list = false;
  for (std::string line; std::getline(in, line);) {
    if (list) listed.insert(line);
    else list = line == kListHeader;
  }
  if (!list) return std::nullopt;
  return listed;
}

// The entries of `dir` (relative paths, directories ending in '/') the mark does not list;
// links are not followed.
std::vector<std::string> unlisted_entries(const fs::path& dir, const std::set<std::string>& listed) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string rel = fs::relative(it->path(), dir).string();
    const fs::file_status st = it->symlink_status();
    if (fs::is_directory(st)) {
      if (!listed.count(rel + "/")) {
        out.push_back(rel + "/");
        it.disable_recursion_pending();
      }
    } else if (rel != kMark && !(fs::is_regular_file(st) && listed.count(rel))) {
      out.push_back(rel);
    }
  }
  if (ec) out.push_back(fmt::format("(the directory could not be read: {})", ec.message()));
  return out;
}

// The list of what the staged output holds, for its mark.
std::string listing(const fs::path& output) {
  std::vector<std::string> entries;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(output, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string rel = fs::relative(it->path(), output).string();
    const fs::file_status st = it->symlink_status();
    if (fs::is_directory(st)) entries.push_back(rel + "/");
    else if (fs::is_regular_file(st) && rel != kMark) entries.push_back(rel);
  }
  if (ec) throw std::runtime_error(fmt::format("cannot list the staged output {}: {}", output.string(), ec.message()));
  std::sort(entries.begin(), entries.end());
  std::string text = std::string(kMarkText) + kListHeader + "\n";
  for (const auto& e : entries) text += e + "\n";
  return text;
}

// Why `relative` may not be written inside the staged directory ("" when it may).
std::string relative_path_problem(const std::string& relative) {
  if (relative.empty() || relative.front() == '/') return "not a relative path";
  for (std::size_t start = 0;;) {
    const std::size_t slash = relative.find('/', start);
    const std::string part = relative.substr(start, slash == std::string::npos ? slash : slash - start);
    if (!is_portable_name(part)) return fmt::format("the component '{}' is not a portable name", part);
    if (slash == std::string::npos) return "";
    start = slash + 1;
  }
}

// Exchanges two paths at once (Linux renameat2); falls back to two renames through `spare`
// where the file system cannot exchange. Returns 0, or the errno of what failed.
int exchange(const fs::path& staged, const fs::path& dir, const fs::path& spare) {
  if (::renameat2(AT_FDCWD, staged.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
  if (::rename(dir.c_str(), spare.c_str()) != 0) return errno;
  if (::rename(staged.c_str(), dir.c_str()) != 0) {
    const int e = errno;
    ::rename(spare.c_str(), dir.c_str());  // put the previous directory back
    return e;
  }
  ::rename(spare.c_str(), staged.c_str());  // the previous directory goes where the staging was
  return 0;
}

std::string some(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 8;
  std::vector<std::string> shown(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(std::min(kShown, names.size())));
  return fmt::format("{}{}", fmt::join(shown, ", "),
                     names.size() > kShown ? fmt::format(" and {} more", names.size() - kShown) : "");
}

}  // namespace

fs::path staging_area(const fs::path& dir) {
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec) resolved = fs::absolute(dir).lexically_normal();
  if (resolved.filename().empty()) resolved = resolved.parent_path();
  return resolved.parent_path() / fmt::format(".{}.mpnsim-staging", resolved.filename().string());
}

bool is_mount_point(const fs::path& dir) {
#ifdef STATX_ATTR_MOUNT_ROOT
  struct statx sx {};
  if (::statx(AT_FDCWD, dir.c_str(), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx) == 0 &&
      (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
    return (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
#endif
  // Older kernels: a mount point is on another device than its parent (bind mounts aside).
  struct stat self {}, parent {};
  if (::lstat(dir.c_str(), &self) != 0 || ::stat((dir / "..").c_str(), &parent) != 0) return false;
  return self.st_dev != parent.st_dev || self.st_ino == parent.st_ino;
}

std::string staging_problem(const fs::path& area) {
  struct stat st {};
  if (::lstat(area.c_str(), &st) != 0)
    return errno == ENOENT ? "" : fmt::format("cannot be examined: {}", std::strerror(errno));
  const std::string remove = "remove it (a link alone, not what it leads to) and run again";
  if (S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const fs::path target = fs::read_symlink(area, ec);
    return fmt::format("is a symbolic link{}, which mpnsim did not make and does not follow: {}",
                       ec ? "" : " to " + target.string(), remove);
  }
  if (!S_ISDIR(st.st_mode)) return "exists and is not a directory: " + remove;
  if (st.st_uid != ::geteuid()) return fmt::format("belongs to another user (uid {}): {}", st.st_uid, remove);
  std::error_code ec;
  for (auto it = fs::directory_iterator(area, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const fs::file_status s = it->symlink_status();
    const bool dir_entry = name == "output" || name == "previous";
    if (!staging_entry(name) || (dir_entry ? !fs::is_directory(s) : !fs::is_regular_file(s)))
      return fmt::format("holds {}, which no staging area of mpnsim has: {}", name, remove);
  }
  if (ec) return fmt::format("cannot be read: {}", ec.message());
  return "";
}

std::string replace_problem(const fs::path& dir) {
  struct stat st {};
  bool exists = true;
  if (::lstat(dir.c_str(), &st) != 0) {
    if (errno != ENOENT) return "cannot be used: " + std::string(std::strerror(errno));
    exists = false;
  }
  if (const std::string p = staging_problem(staging_area(dir)); !p.empty())
    return fmt::format("its staging area {} {}", staging_area(dir).string(), p);
  if (!exists) return "";
  if (S_ISLNK(st.st_mode))
    return "it is a symbolic link, which a run would replace whole: give the directory it leads to as -o";
  if (!S_ISDIR(st.st_mode)) return "it exists and is not a directory";
  if (is_mount_point(dir))
    return "it is a mount point: a run puts its output in place by renaming a new directory over the old one, "
           "which cannot be done to a mount point; give a directory inside it (-o DIR/NAME)";
  std::error_code ec;
  if (fs::is_empty(dir, ec) && !ec) return "";
  const std::optional<std::set<std::string>> listed = listed_entries(dir);
  const std::string whole = "a run replaces its output directory whole, so it takes only a new or empty directory "
                            "or one an earlier run wrote that holds nothing else";
  if (!listed) {
    const bool earlier = fs::exists(dir / kMark, ec) || has_old_summary(dir);
    return earlier ? fmt::format("it was written by an earlier mpnsim version, which kept no list of its files, so "
                                 "files of yours in it cannot be told from its own; {}: move what you want to keep "
                                 "and remove it, or choose another -o",
                                 whole)
                   : fmt::format("it holds files mpnsim did not write (there is no {} in it); {}: choose another "
                                 "-o, or empty this one",
                                 kMark, whole);
  }
  const std::vector<std::string> foreign = unlisted_entries(dir, *listed);
  if (foreign.empty()) return "";
  return fmt::format("it holds files mpnsim did not write: {}; {}, and would delete them: move them out, or choose "
                     "another -o",
                     some(foreign), whole);
}

OutputDirectory::OutputDirectory(fs::path dir, Start start) {
  std::error_code ec;
  dir_ = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec) throw std::runtime_error(fmt::format("cannot use the output directory {}: {}", dir.string(), ec.message()));
  if (dir_.filename().empty() || dir_ == dir_.root_path())
    throw std::runtime_error(fmt::format("{}: not a directory a run can replace", dir.string()));
  area_ = staging_area(dir_);
  output_ = area_ / "output";
  for (fs::path p = dir_.parent_path(); !p.empty() && !fs::exists(fs::symlink_status(p, ec)); p = p.parent_path())
    created_ = p;
  make_directories(dir_.parent_path(), "for the output directory " + dir_.string());
  // mkdir makes the area or fails: a name already there (a link above all) is never followed
  // into; it is used again only when it is a staging area of this user's (issue #21, S1).
  if (::mkdir(area_.c_str(), 0777) != 0) {
    const int e = errno;
    if (e != EEXIST) {
      remove_area_parents();
      throw std::runtime_error(
          fmt::format("cannot create the staging area {}: {}", area_.string(), std::strerror(e)));
    }
    if (const std::string problem = staging_problem(area_); !problem.empty())
      throw std::runtime_error(fmt::format("cannot stage the output of {}: {} {}", dir_.string(), area_.string(), problem));
  }
  const fs::path lock = area_ / "lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (lock_fd_ < 0)
    throw std::runtime_error(fmt::format("cannot open {}: {}", lock.string(), std::strerror(errno)));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    keep_ = true;  // it is the other run's
    throw std::runtime_error(
        fmt::format("another mpnsim run is writing {} (its staging area {} is locked)", dir_.string(), area_.string()));
  }
  resumed_ = start == Start::resume && fs::is_directory(fs::symlink_status(output_, ec));
  if (!resumed_) {
    // remove_all takes a link away, never what it leads to.
    for (auto it = fs::directory_iterator(area_, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
      if (it->path().filename() != "lock") fs::remove_all(it->path(), ec);
    if (ec)
      throw std::runtime_error(fmt::format("cannot clear the staging area {}: {}", area_.string(), ec.message()));
    if (::mkdir(output_.c_str(), 0777) != 0)
      throw std::runtime_error(fmt::format("cannot create {}: {}", output_.string(), std::strerror(errno)));
  }
}

OutputDirectory::~OutputDirectory() {
  if (!done_ && !keep_) remove_area();
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void OutputDirectory::remove_area() {
  std::error_code ec;
  fs::remove_all(area_, ec);
  remove_area_parents();
}

void OutputDirectory::remove_area_parents() {
  // Directories made above DIR for this run go too, when nothing else is in them.
  std::error_code ec;
  if (!created_.empty())
    for (fs::path p = dir_.parent_path(); p.string().size() >= created_.string().size(); p = p.parent_path())
      if (!fs::remove(p, ec)) break;
}

void OutputDirectory::write(const std::string& relative, const std::string& content) {
  if (const std::string problem = relative_path_problem(relative); !problem.empty())
    throw std::runtime_error(fmt::format("refused to write '{}' in the output directory: {}", relative, problem));
  const fs::path path = output_ / relative;
  // Nothing but this run writes under output_, but say it plainly: no link is followed out.
  for (fs::path p = path.parent_path(); p != output_ && p.string().size() > output_.string().size();
       p = p.parent_path())
    if (fs::is_symlink(p)) throw std::runtime_error(fmt::format("refused to write through the link {}", p.string()));
  make_directories(path.parent_path(), "in the staged output");
  write_plain(path, content);
}

void OutputDirectory::commit() {
  const std::string kept = fmt::format("{} is as it was; the results stay in {}", dir_.string(), output_.string());
  if (const std::string problem = replace_problem(dir_); !problem.empty())
    throw std::runtime_error(fmt::format("cannot replace {}: {}; {}", dir_.string(), problem, kept));
  write_plain(output_ / kMark, listing(output_));
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir_, ec))) {
    make_directories(dir_.parent_path(), "for the output directory " + dir_.string());
    if (::rename(output_.c_str(), dir_.c_str()) != 0)
      throw std::runtime_error(
          fmt::format("cannot move the results to {}: {}; {}", dir_.string(), std::strerror(errno), kept));
  } else if (const int e = exchange(output_, dir_, area_ / "previous"); e != 0) {
    throw std::runtime_error(fmt::format("cannot replace {}: {}; {}", dir_.string(), std::strerror(e), kept));
  }
  done_ = true;
  created_.clear();
  std::error_code ignored;
  fs::remove_all(area_, ignored);  // the staging area, now holding the previous DIR
}

void write_file_atomically(const fs::path& path, const std::string& content) {
  write_output_file(path, content);
}

}  // namespace mpnsim
