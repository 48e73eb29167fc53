// Located errors in workload files, and reading a whole file.
#include "workloads/workload_input_error.hpp"

#include <fstream>
#include <sstream>

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

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw WorkloadInputError(path, 0, "cannot open the file");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace mpnsim
