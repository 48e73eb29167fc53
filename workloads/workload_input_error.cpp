// Located errors in workload files, and reading a whole file.
#include "workloads/workload_input_error.hpp"

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fmt/format.h>

namespace mpnsim {

namespace {

std::string located(const std::string& file, int line, const std::string& problem) {
  if (line > 0) return fmt::format("{}:{}: {}", file, line, problem);
  return fmt::format("{}: {}", file, problem);
}

}  // namespace

WorkloadInputError::WorkloadInputError(std::string file, int line, std::string problem)
    : std::runtime_error(located(file, line, problem)),
      file_(std::move(file)),
      line_(line),
      problem_(std::move(problem)) {}

std::string read_text_file(const std::string& path, std::int64_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw WorkloadInputError(path, 0, "is a directory, not a file");
  // A device (/dev/zero, /dev/urandom, a terminal) or a socket is refused before a byte is
  // read: it may never end, and reading it to the limit costs seconds and a gigabyte. A regular
  // file is refused by the size it has; a pipe is read up to the limit below.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
      throw WorkloadInputError(path, 0, "expected a workload file (a regular file or a pipe), got a device or socket");
    if (S_ISREG(st.st_mode) && st.st_size > max_bytes)
      throw WorkloadInputError(path, 0, fmt::format("the file is larger than {} bytes, the most mpnsim reads as a "
                                                    "workload (a task graph at the size limits takes less)",
                                                    max_bytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw WorkloadInputError(path, 0, "cannot open the file");
  // Read in blocks up to the limit (the size a file claims is not trusted: pipes have none).
  std::string text;
  std::vector<char> block(std::size_t{1} << 16);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    text.append(block.data(), static_cast<std::size_t>(in.gcount()));
    if (static_cast<std::int64_t>(text.size()) > max_bytes)
      throw WorkloadInputError(path, 0, fmt::format("the file is larger than {} bytes, the most mpnsim reads as a "
                                                    "workload (a task graph at the size limits takes less)",
                                                    max_bytes));
  }
  if (in.bad()) throw WorkloadInputError(path, 0, "cannot read the file");
  return text;
}

}  // namespace mpnsim
