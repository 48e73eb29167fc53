// Located input errors: file:line:column, the key and the problem.
#include "experiments/config/input_error.hpp"


#include <fmt/format.h>

namespace mpnsim {

namespace {

std::string location(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) return file;
  return fmt::format("{}:{}:{}", file, mark.line + 1, mark.column + 1);
}

}  // namespace

InputError::InputError(const std::string& file, const YAML::Mark& mark, const std::string& key,
                       const std::string& problem)
    : std::runtime_error(fmt::format("{}: {}{}", location(file, mark),
                                     key.empty() ? std::string() : fmt::format("'{}': ", key), problem)),
      key_(key),
      problem_(problem) {
  if (!mark.is_null()) {
    line_ = mark.line + 1;
    column_ = mark.column + 1;
  }
}

std::string join_path(const std::string& path, const std::string& key) {
  return path.empty() ? key : fmt::format("{}.{}", path, key);
}

}  // namespace mpnsim
