// A bounded store of dominated-state keys per level (dominance_memo.hpp).
#include "schedulers/dag/optimal/dominance_memo.hpp"

namespace mpnsim {

void DominanceMemo::reset(int levels, std::size_t key_size, std::size_t capacity) {
  key_size_ = key_size;
  capacity_ = capacity;
  kept_ = 0;
  levels_.assign(static_cast<std::size_t>(levels), {});
}

bool DominanceMemo::dominated_or_keep(int level, std::span<const double> key) {
  std::vector<double>& stored = levels_[static_cast<std::size_t>(level)];
  for (std::size_t at = 0; at < stored.size(); at += key_size_) {
    std::size_t i = 0;
    while (i < key_size_ && stored[at + i] <= key[i]) ++i;
    if (i == key_size_) return true;
  }
  if (kept_ + key_size_ <= capacity_) {
    stored.insert(stored.end(), key.begin(), key.end());
    kept_ += key_size_;
  }
  return false;
}

}  // namespace mpnsim
