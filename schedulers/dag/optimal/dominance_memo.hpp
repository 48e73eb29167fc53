// States of one part of a search kept to skip later states that cannot do better (the dynamic program inside a branch and bound).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace mpnsim {

// Keys of equal length per level; a key that is at least a stored one in every entry is
// dominated. The caller decides what a key holds and why a dominated state may be skipped
// (list_search.cpp: the fixed task order's states). Bounded: past `capacity` numbers in all,
// keys are only compared, no longer kept.
class DominanceMemo {
 public:
  void reset(int levels, std::size_t key_size, std::size_t capacity);
  // True when a key stored at `level` is at most `key` in every entry; otherwise keeps `key`
  // (while there is room) and returns false.
  bool dominated_or_keep(int level, std::span<const double> key);

 private:
  std::size_t key_size_ = 0, capacity_ = 0, kept_ = 0;
  std::vector<std::vector<double>> levels_;
};

}  // namespace mpnsim
