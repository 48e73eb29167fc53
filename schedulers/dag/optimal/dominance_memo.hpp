// States of one part of a search kept to skip later states that cannot do better (the dynamic program inside a branch and bound).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mpnsim {

// Keys of equal length per level; a key that is at least a stored one in every entry is
// dominated. The caller decides what a key holds and why a dominated state may be skipped
// (list_search.cpp: the fixed task order's states). Two stores, so that a test costs little
// however many keys are kept: every key in a hash table, which finds an equal key, and the last
// few keys of each level, which are compared entry by entry (a state's neighbours in a depth-first
// walk are the ones most alike). Bounded: past `capacity` numbers in all, keys are no longer kept
// (the store then takes at most 16 bytes a number: the keys, their levels and the table).
class DominanceMemo {
 public:
  void reset(int levels, std::size_t key_size, std::size_t capacity);
  // True when a key stored at `level` equals `key`, or one of the level's recent keys is at most
  // `key` in every entry; otherwise keeps `key` (while there is room) and returns false.
  bool dominated_or_keep(int level, std::span<const double> key);
  // Numbers kept so far (at most the capacity): what a caller sharing one budget among several
  // memos counts.
  std::size_t kept() const { return arena_.size(); }

 private:
  static constexpr std::size_t kRecent = 16;  // per level
  std::uint64_t hash(int level, std::span<const double> key) const;
  void grow();  // the table twice as large, every kept key placed again

  std::size_t key_size_ = 0, capacity_ = 0;
  std::vector<double> arena_;          // the kept keys, one after another
  std::vector<std::int32_t> levels_;   // the level of each kept key
  std::vector<std::int32_t> table_;    // open addressing: a kept key's index, -1 empty
  std::vector<std::vector<std::int32_t>> recent_;  // per level: ring of kRecent kept keys' indices
  std::vector<std::size_t> next_recent_;
};

}  // namespace mpnsim
