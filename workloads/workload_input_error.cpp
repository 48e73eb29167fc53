// Located errors in workload files, and reading a whole file.
#include "workloads/workload_input_error.hpp"

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
