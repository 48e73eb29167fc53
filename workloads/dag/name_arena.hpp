// Many short strings stored once, end to end in one buffer: a task graph's task names
// (one allocation for them all instead of one string object each).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mpnsim {

class NameArena {
 public:
  // Appends a name; its number is the count before. Throws std::length_error past 4 GiB of
  // names in all (the ends are 32-bit to halve their size; no accepted graph comes near).
  void add(std::string_view name);
  void reserve(std::size_t names, std::size_t chars);
  // Valid until the next add or reserve (the buffer may move).
  std::string_view operator[](int i) const {
    const auto k = static_cast<std::size_t>(i);
    return {chars_.data() + ends_[k], ends_[k + 1] - ends_[k]};
  }
  int size() const { return static_cast<int>(ends_.size()) - 1; }

 private:
  std::string chars_;
  std::vector<std::uint32_t> ends_{0};  // name i: chars_[ends_[i], ends_[i + 1])
};

}  // namespace mpnsim
