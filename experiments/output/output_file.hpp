// Files written where the user says (--gantt, --trace, -o FILE, ...): every write and close checked, special files in place.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace mpnsim {

// Writes what `produce` streams to `path` (SECURITY.md says why each case is so):
//  - `path` does not exist or is a regular file: the bytes go to an unnamed file of the same
//    directory (O_TMPFILE; a named .NAME.mpnsim-tmp.PID where the file system has none),
//    renamed over `path` once whole, so that a failure or a kill leaves `path` as it was and
//    no partial file beside it;
//  - a FIFO, character device or socket, reached directly or through a link (/dev/null, the
//    /dev/fd/N of `--gantt >(cat)`): written in place;
//  - anything else (a link to a regular file or directory, a directory, a block device):
//    refused with std::invalid_argument (bad input, exit 2), nothing written.
// Parent directories are made as needed. Throws std::runtime_error naming what mpnsim was
// doing, the path and the OS reason ("No space left on device").
void write_output_file(const std::filesystem::path& path, const std::function<void(std::ostream&)>& produce);
void write_output_file(const std::filesystem::path& path, std::string_view content);

// Writes all of `data` to the open file `fd`. Throws std::runtime_error "cannot write WHAT: REASON".
void write_all(int fd, std::string_view data, const std::string& what);

// Creates `dir` and its missing parents; throws std::runtime_error "cannot create the directory
// DIR (DOING): REASON" instead of the library's own text.
void make_directories(const std::filesystem::path& dir, const std::string& doing);

// A stream buffer over a file descriptor that keeps the errno of its first failed write (the
// stream then fails too). Standard output goes through one, so that a full disk is reported.
class FdStreamBuf : public std::streambuf {
 public:
  explicit FdStreamBuf(int fd) : fd_(fd), buffer_(1 << 16) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  ~FdStreamBuf() override { sync(); }
  FdStreamBuf(const FdStreamBuf&) = delete;
  FdStreamBuf& operator=(const FdStreamBuf&) = delete;
  // The errno of the first write that failed, 0 if none did.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  bool drain(const char* data, std::size_t size);
  int fd_;
  std::vector<char> buffer_;
  int error_ = 0;
};

// Standard output checked for the life of the object: std::cout goes through an FdStreamBuf,
// and finish() flushes it and closes the C stream, so that a full disk, a file size limit or
// a closed descriptor is reported (issue #21, D6) instead of a silent exit 0.
class CheckedStandardOutput {
 public:
  CheckedStandardOutput();
  ~CheckedStandardOutput();
  CheckedStandardOutput(const CheckedStandardOutput&) = delete;
  CheckedStandardOutput& operator=(const CheckedStandardOutput&) = delete;
  // `code`, or `failure` when a write to standard output failed (said on standard error with
  // the OS reason) and `code` was 0.
  int finish(int code, int failure);

 private:
  FdStreamBuf buffer_;
  std::streambuf* previous_;
};

}  // namespace mpnsim
