// Staged output directories replaced whole on commit, and atomic file writes.
#include "experiments/output/output_directory.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <stdexcept>
#include <sys/file.h>
#include <system_error>
#include <unistd.h>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"

namespace mpnsim {

namespace fs = std::filesystem;

namespace {

// The mark of a directory mpnsim wrote, so that a later run knows it may replace it.
constexpr const char* kMark = ".mpnsim-output";
constexpr const char* kMarkText =
    "This directory was written by mpnsim. The next `mpnsim run` or `mpnsim merge` into it replaces it whole.\n";

void write_plain(const fs::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path.string());
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.close();
  if (!out) throw std::runtime_error("error while writing " + path.string());
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

}  // namespace

fs::path staging_area(const fs::path& dir) {
  const fs::path resolved = fs::weakly_canonical(fs::absolute(dir));
  return resolved.parent_path() / fmt::format(".{}.mpnsim-staging", resolved.filename().string());
}

std::string replace_problem(const fs::path& dir) {
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) return "cannot be used: " + ec.message();
  if (!fs::exists(st)) return "";
  if (!fs::is_directory(st)) return "it exists and is not a directory";
  if (fs::is_empty(dir, ec) || fs::exists(dir / kMark, ec) || has_old_summary(dir)) return "";
  return fmt::format("it holds files mpnsim did not write (there is no {} in it); a run replaces its output "
                     "directory whole, so it takes only a new or empty directory or one an earlier run wrote: "
                     "choose another -o, or empty this one",
                     kMark);
}

OutputDirectory::OutputDirectory(fs::path dir, Start start) {
  dir_ = fs::weakly_canonical(fs::absolute(dir));
  if (dir_.filename().empty() || dir_ == dir_.root_path())
    throw std::runtime_error(fmt::format("{}: not a directory a run can replace", dir.string()));
  area_ = staging_area(dir_);
  output_ = area_ / "output";
  for (fs::path p = dir_.parent_path(); !p.empty() && !fs::exists(p); p = p.parent_path()) created_ = p;
  fs::create_directories(area_);
  const fs::path lock = area_ / "lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0)
    throw std::runtime_error(fmt::format("cannot open {}: {}", lock.string(), std::strerror(errno)));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    keep_ = true;  // it is the other run's
    throw std::runtime_error(
        fmt::format("another mpnsim run is writing {} (its staging area {} is locked)", dir_.string(), area_.string()));
  }
  resumed_ = start == Start::resume && fs::is_directory(output_);
  if (!resumed_) {
    for (const auto& e : fs::directory_iterator(area_))
      if (e.path().filename() != "lock") fs::remove_all(e.path());
    fs::create_directories(output_);
  }
  write_plain(output_ / kMark, kMarkText);
}

OutputDirectory::~OutputDirectory() {
  if (!done_ && !keep_) remove_area();
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void OutputDirectory::remove_area() {
  std::error_code ec;
  fs::remove_all(area_, ec);
  // Directories made above DIR for this run go too, when nothing else is in them.
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
  fs::create_directories(path.parent_path());
  write_plain(path, content);
}

void OutputDirectory::commit() {
  const std::string kept = fmt::format("{} is as it was; the results stay in {}", dir_.string(), output_.string());
  if (const std::string problem = replace_problem(dir_); !problem.empty())
    throw std::runtime_error(fmt::format("cannot replace {}: {}; {}", dir_.string(), problem, kept));
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir_, ec))) {
    fs::create_directories(dir_.parent_path());
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
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  const fs::path tmp = path.string() + ".tmp." + std::to_string(getpid());
  try {
    write_plain(tmp, content);
    fs::rename(tmp, path);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

}  // namespace mpnsim
