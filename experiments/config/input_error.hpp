// Errors in user input, located at file:line:column with the key and what was expected.
#pragma once

#include <stdexcept>
#include <string>

#include <yaml-cpp/yaml.h>

namespace mpnsim {

class InputError : public std::runtime_error {
 public:
  // `mark` may be null (a value made by a sweep); the position is then omitted.
  InputError(const std::string& file, const YAML::Mark& mark, const std::string& key,
             const std::string& problem);
  int line() const { return line_; }      // 1-based, 0 when unknown
  int column() const { return column_; }  // 1-based, 0 when unknown
  const std::string& key() const { return key_; }
  const std::string& problem() const { return problem_; }  // the message without position and key

 private:
  int line_ = 0;
  int column_ = 0;
  std::string key_;
  std::string problem_;
};

std::string join_path(const std::string& path, const std::string& key);

}  // namespace mpnsim
