// A bounded store of dominated-state keys per level (dominance_memo.hpp).
#include "schedulers/dag/optimal/dominance_memo.hpp"

#include <algorithm>
#include <cstring>

namespace mpnsim {

void DominanceMemo::reset(int levels, std::size_t key_size, std::size_t capacity) {
  key_size_ = key_size;
  capacity_ = capacity;
  arena_.clear();
  levels_.clear();
  // The table starts small and doubles as keys come (at most half full): most phases keep few
  // keys, and a phase is entered at many states.
  table_.assign(64, -1);
  recent_.assign(static_cast<std::size_t>(levels), {});
  next_recent_.assign(static_cast<std::size_t>(levels), 0);
}

std::uint64_t DominanceMemo::hash(int level, std::span<const double> key) const {
  // Whole times have their low bits zero: every word is mixed through all 64 bits (a 64-bit
  // finaliser) before it is combined, and the slot is taken from the result's mixed bits.
  auto mix = [](std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
  };
  std::uint64_t h = mix(static_cast<std::uint64_t>(level) + 0x9e3779b97f4a7c15ULL);
  for (double x : key) {
    std::uint64_t bits = 0;
    x += 0.0;  // -0 and +0 alike
    std::memcpy(&bits, &x, sizeof bits);
    h = mix(h ^ mix(bits));
  }
  return h;
}

void DominanceMemo::grow() {
  std::vector<std::int32_t> old(2 * table_.size(), -1);
  old.swap(table_);
  const std::size_t mask = table_.size() - 1;
  for (std::int32_t k : old) {
    if (k < 0) continue;
    const auto at = static_cast<std::size_t>(k);
    std::size_t slot = hash(levels_[at], std::span<const double>(arena_.data() + at * key_size_, key_size_)) & mask;
    while (table_[slot] >= 0) slot = (slot + 1) & mask;
    table_[slot] = k;
  }
}

bool DominanceMemo::dominated_or_keep(int level, std::span<const double> key) {
  const auto lv = static_cast<std::size_t>(level);
  for (std::int32_t k : recent_[lv]) {
    const double* stored = &arena_[static_cast<std::size_t>(k) * key_size_];
    std::size_t i = 0;
    while (i < key_size_ && stored[i] <= key[i]) ++i;
    if (i == key_size_) return true;
  }
  const std::size_t mask = table_.size() - 1;
  std::size_t slot = hash(level, key) & mask;
  for (; table_[slot] >= 0; slot = (slot + 1) & mask) {
    const auto k = static_cast<std::size_t>(table_[slot]);
    if (levels_[k] == level && std::equal(key.begin(), key.end(), arena_.begin() + static_cast<std::ptrdiff_t>(k * key_size_)))
      return true;
  }
  if (arena_.size() + key_size_ > capacity_) return false;
  const auto index = static_cast<std::int32_t>(levels_.size());
  if (2 * (levels_.size() + 1) > table_.size()) {
    grow();
    slot = hash(level, key) & (table_.size() - 1);
    while (table_[slot] >= 0) slot = (slot + 1) & (table_.size() - 1);
  }
  // Grown by hand so that the kept keys never hold more than the capacity (a vector's own
  // doubling could reserve up to twice it).
  if (arena_.size() + key_size_ > arena_.capacity())
    arena_.reserve(std::min(capacity_, std::max(2 * arena_.capacity(), std::size_t{1024} * key_size_)));
  arena_.insert(arena_.end(), key.begin(), key.end());
  levels_.push_back(level);
  table_[slot] = index;
  std::vector<std::int32_t>& ring = recent_[lv];
  if (ring.size() < kRecent) ring.push_back(index);
  else ring[next_recent_[lv]++ % kRecent] = index;
  return false;
}

}  // namespace mpnsim
