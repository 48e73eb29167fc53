// Errors in workload files (task trees, task graphs): the file, the line, what was expected.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace mpnsim {

// what() reads "FILE:LINE: PROBLEM" ("FILE: PROBLEM" when no line applies).
class WorkloadInputError : public std::runtime_error {
 public:
  WorkloadInputError(std::string file, int line, std::string problem);
  const std::string& file() const { return file_; }
  int line() const { return line_; }  // 1-based, 0 when the problem is the whole file
  const std::string& problem() const { return problem_; }

 private:
  std::string file_;
  int line_;
  std::string problem_;
};

// Largest workload file read: a task graph at the size limits (dag_input_limits.hpp) is some
// 150 MB of DOT, a tree at kMaxTreeTasks some 40 MB; line numbers stay far inside an int.
inline constexpr std::int64_t kMaxWorkloadFileBytes = std::int64_t{1} << 30;

// The whole content of a file; WorkloadInputError when it cannot be read, is a directory or
// is larger than `max_bytes`.
std::string read_text_file(const std::string& path, std::int64_t max_bytes = kMaxWorkloadFileBytes);

}  // namespace mpnsim
