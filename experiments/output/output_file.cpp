// Checked writes of the files a user names, and of standard output (issue #21: special files, full disks).
#include "experiments/output/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

namespace mpnsim {

namespace fs = std::filesystem;

namespace {

std::string reason(int e) { return std::strerror(e); }

// Streams `produce` into `fd`, then closes it; throws naming `path` with the OS reason.
void stream_to(int fd, const fs::path& path, const std::function<void(std::ostream&)>& produce) {
  int error = 0;
  std::exception_ptr failure;
  {
    FdStreamBuf buf(fd);
    std::ostream out(&buf);
    try {
      produce(out);
      out.flush();
    } catch (...) {
      failure = std::current_exception();
    }
    error = buf.error();
  }  // the buffer is drained while `fd` is still open
  if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
  if (failure) std::rethrow_exception(failure);
  if (error != 0) throw std::runtime_error(fmt::format("cannot write {}: {}", path.string(), reason(error)));
}

// A FIFO, character device or socket (reached through links, if any): written as it is.
void write_in_place(const fs::path& path, bool through_link, const std::function<void(std::ostream&)>& produce) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | (through_link ? 0 : O_NOFOLLOW));
  if (fd < 0) throw std::runtime_error(fmt::format("cannot open {} to write: {}", path.string(), reason(errno)));
  struct stat st {};
  // The link is judged by what was opened, not by what it named a moment before: nothing is
  // written to a regular file reached through a link (no O_TRUNC above, so it is as it was).
  if (::fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode))) {
    ::close(fd);
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    // A refusal is the input's fault (std::invalid_argument: exit 2, SECURITY.md), a failed
    // write the system's (std::runtime_error: exit 1).
    throw std::invalid_argument(fmt::format(
        "refused to write {}: it is a symbolic link{}; mpnsim writes through a link only to a pipe or device, "
        "as a link may lead to any file: give the file itself",
        path.string(), ec ? "" : fmt::format(" to {}", target.string())));
  }
  stream_to(fd, path, produce);
}

// A new file or a regular file: written beside it and renamed over it once whole.
void replace_regular(const fs::path& path, const std::function<void(std::ostream&)>& produce) {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const fs::path named = dir / fmt::format(".{}.mpnsim-tmp.{}", path.filename().string(), ::getpid());
  // An unnamed file first: a kill while it is written (SIGTERM, SIGKILL, a full disk) leaves
  // no name behind (issue #21 K8).
  int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  bool has_name = false;
  if (fd < 0) {
    fd = ::open(named.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
      throw std::runtime_error(fmt::format("cannot write {}: cannot create a file in {}: {}", path.string(),
                                           dir.string(), reason(errno)));
    has_name = true;
  }
  try {
    if (!has_name) {
      // Give the finished file a name, then rename it: the rename replaces `path` at once.
      stream_to(::dup(fd), path, produce);
      const std::string self = fmt::format("/proc/self/fd/{}", fd);
      const int linked = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, named.c_str(), AT_SYMLINK_FOLLOW);
      const int e = errno;
      ::close(fd);
      if (linked != 0)
        throw std::runtime_error(fmt::format("cannot write {}: cannot name the finished file {}: {}", path.string(),
                                             named.string(), reason(e)));
      has_name = true;
    } else {
      stream_to(fd, path, produce);
    }
    if (::rename(named.c_str(), path.c_str()) != 0)
      throw std::runtime_error(fmt::format("cannot replace {}: {}", path.string(), reason(errno)));
  } catch (...) {
    if (has_name) ::unlink(named.c_str());
    throw;
  }
}

}  // namespace

void write_output_file(const fs::path& path, const std::function<void(std::ostream&)>& produce) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    const bool link = S_ISLNK(st.st_mode);
    if (link || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode))
      return write_in_place(path, link, produce);
    if (!S_ISREG(st.st_mode))
      throw std::invalid_argument(fmt::format("refused to write {}: it is {}", path.string(),
                                           S_ISDIR(st.st_mode) ? "a directory" : "a block device"));
  } else if (errno != ENOENT) {
    throw std::runtime_error(fmt::format("cannot write {}: {}", path.string(), reason(errno)));
  } else if (path.has_parent_path()) {
    make_directories(path.parent_path(), "to write " + path.string());
  }
  replace_regular(path, produce);
}

void write_output_file(const fs::path& path, std::string_view content) {
  write_output_file(path, [&](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); });
}

void write_all(int fd, std::string_view data, const std::string& what) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("cannot write {}: {}", what, reason(errno)));
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void make_directories(const fs::path& dir, const std::string& doing) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error(fmt::format("cannot create the directory {} ({}): {}", dir.string(), doing, ec.message()));
}

bool FdStreamBuf::drain(const char* data, std::size_t size) {
  if (error_ != 0) return false;
  while (size > 0) {
    const ssize_t n = ::write(fd_, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

int FdStreamBuf::sync() {
  const bool ok = drain(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return ok ? 0 : -1;
}

FdStreamBuf::int_type FdStreamBuf::overflow(int_type c) {
  if (sync() != 0) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize FdStreamBuf::xsputn(const char* s, std::streamsize n) {
  if (error_ != 0) return 0;
  const auto room = epptr() - pptr();
  if (n <= room) {
    std::memcpy(pptr(), s, static_cast<std::size_t>(n));
    pbump(static_cast<int>(n));
    return n;
  }
  if (sync() != 0 || !drain(s, static_cast<std::size_t>(n))) return 0;
  return n;
}

CheckedStandardOutput::CheckedStandardOutput() : buffer_(STDOUT_FILENO), previous_(std::cout.rdbuf(&buffer_)) {}

CheckedStandardOutput::~CheckedStandardOutput() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
}

int CheckedStandardOutput::finish(int code, int failure) {
  std::cout.flush();
  int error = buffer_.error();
  // Text printed through C stdio (fmt::print) is in stdout's buffer: flushed and closed here.
  if (std::fflush(stdout) != 0 && error == 0) error = errno;
  if (std::ferror(stdout) && error == 0) error = EIO;
  if (std::fclose(stdout) != 0 && error == 0 && errno != EBADF) error = errno;
  if (error == 0) return code;
  std::fprintf(stderr, "mpnsim: cannot write the standard output: %s\n", std::strerror(error));
  return code == 0 ? failure : code;
}

}  // namespace mpnsim
