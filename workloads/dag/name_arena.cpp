// Appending to a NameArena.
#include "workloads/dag/name_arena.hpp"

#include <limits>
#include <stdexcept>

namespace mpnsim {

void NameArena::add(std::string_view name) {
  if (name.size() > std::numeric_limits<std::uint32_t>::max() - chars_.size())
    throw std::length_error("task names take more than 4 GiB in all");
  chars_.append(name);  // may alias chars_: std::string::append copies before freeing the old buffer
  ends_.push_back(static_cast<std::uint32_t>(chars_.size()));
}

void NameArena::reserve(std::size_t names, std::size_t chars) {
  ends_.reserve(names + 1);
  chars_.reserve(chars);
}

}  // namespace mpnsim
