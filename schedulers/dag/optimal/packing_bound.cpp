// Whole-time packing test of the exact search (packing_bound.hpp): subset sums in a bit set.
#include "schedulers/dag/optimal/packing_bound.hpp"

#include <algorithm>
#include <cmath>

namespace mpnsim {

namespace {

// Past this many word operations per test the test is skipped (it is only ever a strengthening).
constexpr std::size_t kMaxWordOps = std::size_t{1} << 16;
constexpr double kGridTol = 1e-9;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The largest k <= r whose bit is set in `bits` (bit 0 always is).
long largest_at_most(const std::vector<std::uint64_t>& bits, long r) {
  std::size_t w = static_cast<std::size_t>(r) / 64;
  std::uint64_t word = bits[w];
  const unsigned top = static_cast<unsigned>(r % 64);
  if (top < 63) word &= (std::uint64_t{1} << (top + 1)) - 1;
  while (word == 0) word = bits[--w];
  return static_cast<long>(w * 64 + 63 - static_cast<std::size_t>(__builtin_clzll(word)));
}

}  // namespace

PackingBound::PackingBound(const SearchTables& tables, double step) : step_(step) {
  if (!(step > 0) || tables.tasks == 0) return;
  size_.resize(at(tables.tasks));
  for (int t = 0; t < tables.tasks; ++t) {
    const double time = tables.time(t, 0);
    for (int p = 1; p < tables.processors; ++p)
      if (tables.time(t, p) != time) return;
    const double units = time / step;
    const double whole = std::round(units);
    if (std::abs(units - whole) > kGridTol * std::max(1.0, whole) || whole < 0 || whole > 1e9) return;
    size_[at(t)] = static_cast<int>(whole);
  }
  applies_ = true;
}

bool PackingBound::fits(std::span<const double> committed, double target, std::span<const int> unplaced) {
  if (!applies_ || unplaced.empty()) return true;
  long total = 0, largest_item = 0;
  for (int t : unplaced) {
    total += size_[at(t)];
    largest_item = std::max<long>(largest_item, size_[at(t)]);
  }
  rooms_.clear();
  long room_sum = 0, most_lost = 0, largest_room = 0;
  for (double c : committed) {
    const double free = (target - c) / step_;
    const long room = free < 0 ? 0 : static_cast<long>(std::floor(free + kGridTol));
    if (room >= total) return true;  // one processor could take all of it
    rooms_.push_back(room);
    room_sum += room;
    // Tasks added one by one until the next does not fit leave less than the largest task free.
    most_lost += std::min(room, largest_item - 1);
    largest_room = std::max(largest_room, room);
  }
  if (room_sum < total) return false;
  if (room_sum - most_lost >= total) return true;
  const std::size_t words = static_cast<std::size_t>(largest_room) / 64 + 1;
  if (words * unplaced.size() > kMaxWordOps) return true;
  reach_.assign(words, 0);
  reach_[0] = 1;
  long reached = 0;  // the largest sum so far (capped at the largest room)
  for (int t : unplaced) {
    const long s = size_[at(t)];
    if (s == 0 || s > largest_room) continue;
    // reach |= reach << s, from the top word down so each source word is read before it is written.
    const std::size_t shift_words = static_cast<std::size_t>(s) / 64;
    const unsigned shift_bits = static_cast<unsigned>(s % 64);
    const std::size_t top = std::min(words - 1, static_cast<std::size_t>(std::min(reached + s, largest_room)) / 64);
    for (std::size_t w = top + 1; w-- > shift_words;) {
      const std::size_t from = w - shift_words;
      std::uint64_t moved = reach_[from] << shift_bits;
      if (shift_bits != 0 && from > 0) moved |= reach_[from - 1] >> (64 - shift_bits);
      reach_[w] |= moved;
    }
    reached = std::min(reached + s, largest_room);
  }
  long held = 0;
  for (long room : rooms_) {
    if (room > 0) held += largest_at_most(reach_, room);
    if (held >= total) return true;
  }
  return false;
}

}  // namespace mpnsim
