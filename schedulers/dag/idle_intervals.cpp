// Idle gaps in sorted blocks that know their longest gap: earliest-fit queries and bookings that touch few cache lines.
#include "schedulers/dag/idle_intervals.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

namespace mpnsim {

namespace {

// A block splits in two past this many gaps: a search within one touches a few cache lines,
// an insertion moves at most half a kilobyte.
constexpr std::size_t kBlockGaps = 32;
// Every kKeyStride-th gap's start from the kKeyStride-th on is a block's key: seven of them,
// in one cache line with the gap count; a run of kKeyStride gaps is one line.
constexpr std::size_t kKeyStride = 4;
constexpr std::size_t kKeys = kBlockGaps / kKeyStride - 1;
constexpr std::size_t kLineFirsts = 8;  // the blocks' first starts in a cache line

constexpr double kEndless = std::numeric_limits<double>::infinity();

// A gap's length for pruning, rounded up: a gap that holds d (start + d <= end in floating
// point) never has end - start below d by more than an ulp of end, so with this margin the
// pruning never drops a gap that holds d, and the answers do not depend on how the gaps are
// grouped. The endless last gap counts as none (-1): it holds everything, and earliest_fit
// falls back on it when no finite gap does, so that longest_ says at once when none does.
double pruning_length(double start, double end) {
  return end == kEndless ? -1.0 : end - start + std::abs(end) * 4.5e-16;
}

}  // namespace

// Untouched, a resource is idle from 0 on: tail_start_ = 0 says so to every question, with no
// block allocated until the first booking (a contention-aware builder holds thousands of
// timetables, most of them never booked, and BSA builds one per processor it visits).
// (No block at all means that; the endless gap goes into a block at the first booking, and the
// endless gap is never booked away, so the blocks are never all gone again.)
IdleIntervals::IdleIntervals(bool keep_boundaries) : keep_boundaries_(keep_boundaries) { live_ = 1; }

bool IdleIntervals::block_of(double t, std::size_t& block) const {
  // The last line whose first is <= t (a short array: a few lines for hundreds of blocks, read
  // by every search of this timetable, so mostly cached), then a count over that line with no
  // branch: its first is <= t, and the infinities past the last block are not.
  const auto line = std::upper_bound(line_first_.begin(), line_first_.end(), t);
  if (line == line_first_.begin()) return false;
  const std::size_t l = static_cast<std::size_t>(line - line_first_.begin()) - 1;
  const std::array<double, kLineFirsts>& f = firsts_[l].first;
  std::size_t k = 0;
  for (std::size_t j = 1; j < kLineFirsts; ++j) k += f[j] <= t ? 1 : 0;
  block = l * kLineFirsts + k;
  return true;
}

bool IdleIntervals::containing(double t, Position& at) const {
  assert(t < kEndless);
  if (!block_of(t, at.block)) return false;
  const Block& block = blocks_[at.block];
  // The block's first start is <= t: the run of four gaps is the one of the last key <= t
  // (the keys are sorted: a count, with no branch, over one line), then its last start <= t.
  std::size_t run = 0;
  for (std::size_t k = 0; k < kKeys; ++k) run += block.keys[k] <= t ? 1 : 0;
  std::size_t i = run * kKeyStride;
  const std::size_t last = std::min<std::size_t>(i + kKeyStride, block.size);
  while (i + 1 < last && block.gaps[i + 1].start <= t) ++i;
  at.index = i;
  return true;
}

void IdleIntervals::rekey(std::size_t b) {
  Block& block = blocks_[b];
  for (std::size_t k = 0; k < kKeys; ++k) {
    const std::size_t g = (k + 1) * kKeyStride;
    block.keys[k] = g < block.size ? block.gaps[g].start : kEndless;
  }
}

void IdleIntervals::reindex(std::size_t from) {
  const std::size_t n = blocks_.size(), lines = (n + kLineFirsts - 1) / kLineFirsts;
  FirstLine none;
  none.first.fill(kEndless);
  firsts_.resize(lines, none);
  line_first_.resize(lines);
  for (std::size_t b = from; b < lines * kLineFirsts; ++b) {
    firsts_[b / kLineFirsts].first[b % kLineFirsts] = b < n ? blocks_[b].gaps[0].start : kEndless;
    if (b % kLineFirsts == 0) line_first_[b / kLineFirsts] = firsts_[b / kLineFirsts].first[0];
  }
}

void IdleIntervals::refresh(std::size_t block) {
  const Block& blk = blocks_[block];
  double longest = -1;
  for (std::size_t i = 0; i < blk.size; ++i) longest = std::max(longest, pruning_length(blk.gaps[i].start, blk.gaps[i].end));
  set_first(block, blk.gaps[0].start);
  set_longest(block, longest);
}

void IdleIntervals::set_longest(std::size_t block, double longest) {
  block_longest_[block] = longest;
  if (block >= leaves_) return;  // past the leaves: retree() follows
  // Up the tree of maxima: when the longest gap shrinks, longest_ follows in log2(blocks)
  // steps, where a scan of every block's longest took most of LPS's time at 10^7 tasks
  // (a busy processor holds some 10^4 blocks).
  // The walk stops where a node keeps its value: the ones above it were right and stay so.
  std::size_t i = leaves_ + block;
  if (tree_[i] == longest) return;
  tree_[i] = longest;
  for (i /= 2; i >= 1; i /= 2) {
    const double m = std::max(tree_[2 * i], tree_[2 * i + 1]);
    if (tree_[i] == m) break;
    tree_[i] = m;
  }
  longest_ = tree_[1];
}

void IdleIntervals::shrunk(const Position& at, double old_start, double old_end) {
  // A shorter finite gap leaves its block's longest as it was unless it was that longest (its
  // pruning length only shrinks: the end moves down or the start up); then only a move of the
  // block's first start is left to record. (The endless gap counts as none: cut, it counts.)
  if (old_end != kEndless && pruning_length(old_start, old_end) < block_longest_[at.block]) {
    if (at.index == 0) set_first(at.block, gap(at).start);
    return;
  }
  refresh(at.block);
}

void IdleIntervals::retree(std::size_t from) {
  const std::size_t n = block_longest_.size();
  if (n > leaves_) {  // grown past the leaves: all afresh, twice as wide (amortized)
    leaves_ = std::max<std::size_t>(1, leaves_);
    while (leaves_ < n) leaves_ *= 2;
    tree_.assign(2 * leaves_, -1.0);  // -1: no gap (as the endless one counts)
    from = 0;
  }
  // Leaves from..n-1 moved (a block came or went at `from`), and leaf n when one went; then
  // their ancestors, level by level. Blocks are mostly split near the end, so this is short.
  std::size_t lo = leaves_ + from, hi = leaves_ + std::min(n, leaves_ - 1);
  for (std::size_t b = from; b < n; ++b) tree_[leaves_ + b] = block_longest_[b];
  if (n < leaves_) tree_[leaves_ + n] = -1.0;
  for (lo /= 2, hi /= 2; lo >= 1; lo /= 2, hi /= 2)
    for (std::size_t i = lo; i <= hi; ++i) tree_[i] = std::max(tree_[2 * i], tree_[2 * i + 1]);
  longest_ = tree_[1];
}

double IdleIntervals::first_holding_after(const Position& at, bool from_start, double d, Hint& held) const {
  // `longest` only prunes (rounded up): the answer is decided by start + d <= end, the
  // engine's arithmetic.
  std::size_t b = from_start ? 0 : at.block;
  std::size_t i = from_start ? 0 : at.index + 1;
  for (; b < blocks_.size(); ++b, i = 0) {
    if (block_longest_[b] < d) continue;
    const Block& block = blocks_[b];
    const std::array<Gap, kBlockGaps>& gaps = block.gaps;
    for (; i < block.size; ++i)
      if (gaps[i].start + d <= gaps[i].end) {
        held = {b, i};
        return gaps[i].start;
      }
  }
  held = Hint{};
  return tail_start_;
}

double IdleIntervals::earliest_fit(double t, double d) const {
  // Most questions are about times past the last booking: the endless last gap holds them.
  if (t >= tail_start_) return t;
  // Many others are about longer times than any gap before it.
  if (longest_ < d) return tail_start_;
  Position at{0, 0};
  const bool found = containing(t, at);
  if (found && t + d <= gap(at).end) return t;
  // A finite gap after t, else the endless one, which starts after t here.
  Hint unused;
  return first_holding_after(at, !found, d, unused);
}

double IdleIntervals::earliest_fit(double t, double d, Hint& hint) const {
  // As above, but containing(t) starts from the hint when it can.
  if (t >= tail_start_) return t;
  if (longest_ < d) return tail_start_;
  Position at{0, 0};
  bool found = true;
  if (hint.block < blocks_.size() && blocks_[hint.block].gaps[hint.index].start <= t) {
    // containing(t) from the hint: the gap of largest start <= t lies at or after it, in its
    // block when the next block starts after t (the block's gaps are warm: no search of the
    // blocks' starts, no new lines).
    at = {hint.block, hint.index};
    if (at.block + 1 == blocks_.size() || t < first(at.block + 1)) {
      const Block& block = blocks_[at.block];
      std::size_t i = at.index + 1;
      while (i < block.size && block.gaps[i].start <= t) ++i;
      at.index = i - 1;
    } else {
      found = containing(t, at);
    }
  } else {
    found = containing(t, at);
  }
  if (found && t + d <= gap(at).end) {
    hint = {at.block, at.index};
    return t;
  }
  // A finite gap after t, else the endless one, which starts after t here.
  return first_holding_after(at, !found, d, hint);
}

void IdleIntervals::insert(double start, double end) {
  if (blocks_.empty()) {
    if (end == kEndless) tail_start_ = start;
    ++live_;
    blocks_.emplace_back();
    blocks_[0].size = 1;
    blocks_[0].gaps[0] = Gap{start, end};
    rekey(0);
    block_longest_.push_back(-1);
    reindex(0);
    refresh(0);
    retree(0);
    return;
  }
  // Into the last block whose first start is below `start` (the first block if none is).
  std::size_t b = 0;
  if (!block_of(start, b)) b = 0;
  const Block& block = blocks_[b];
  const auto g = std::upper_bound(block.gaps.begin(), block.gaps.begin() + block.size, start,
                                  [](double x, const Gap& y) { return x < y.start; });
  insert_at(b, static_cast<std::size_t>(g - block.gaps.begin()), start, end);
}

void IdleIntervals::insert_after(const Position& at, double start, double end) {
  // The gap at `at` starts before `start` and the next one (in this block or the next) no
  // sooner than its end, past `start`: insert()'s two searches would find this block and place.
  insert_at(at.block, at.index + 1, start, end);
}

void IdleIntervals::insert_at(std::size_t b, std::size_t index, double start, double end) {
  if (end == kEndless) tail_start_ = start;
  ++live_;
  Block& block = blocks_[b];
  if (block.size < kBlockGaps) {
    std::copy_backward(block.gaps.begin() + static_cast<std::ptrdiff_t>(index),
                       block.gaps.begin() + block.size, block.gaps.begin() + block.size + 1);
    block.gaps[index] = Gap{start, end};
    ++block.size;
    rekey(b);
    // The block's longest grows to the new gap's or stays (block_longest_ is the scan's
    // value, kept so by every change): no scan of the block.
    const double length = pruning_length(start, end);
    if (index == 0) set_first(b, start);
    if (length > block_longest_[b]) set_longest(b, length);
    return;
  }
  // Full: the kBlockGaps + 1 gaps split, the first half (rounded down) staying, the rest a
  // block of its own after it.
  std::array<Gap, kBlockGaps + 1> all;
  std::copy(block.gaps.begin(), block.gaps.begin() + static_cast<std::ptrdiff_t>(index), all.begin());
  all[index] = Gap{start, end};
  std::copy(block.gaps.begin() + static_cast<std::ptrdiff_t>(index), block.gaps.end(),
            all.begin() + static_cast<std::ptrdiff_t>(index) + 1);
  const std::size_t half = (kBlockGaps + 1) / 2;
  blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(b) + 1, Block{});
  Block& lower = blocks_[b];
  Block& upper = blocks_[b + 1];
  lower.size = static_cast<std::uint32_t>(half);
  std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(half), lower.gaps.begin());
  upper.size = static_cast<std::uint32_t>(all.size() - half);
  std::copy(all.begin() + static_cast<std::ptrdiff_t>(half), all.end(), upper.gaps.begin());
  rekey(b);
  rekey(b + 1);
  block_longest_.insert(block_longest_.begin() + static_cast<std::ptrdiff_t>(b) + 1, longest_);
  reindex(b);
  // The blocks after b move up one leaf: their leaves are written again, a pass like the
  // inserts' above.
  refresh(b);
  refresh(b + 1);
  retree(b);
}

void IdleIntervals::erase(double start) {
  Position at{0, 0};
  const bool found = containing(start, at);
  assert(found && gap(at).start == start);
  if (!found || gap(at).start != start) return;
  Block& block = blocks_[at.block];
  std::copy(block.gaps.begin() + static_cast<std::ptrdiff_t>(at.index) + 1, block.gaps.begin() + block.size,
            block.gaps.begin() + static_cast<std::ptrdiff_t>(at.index));
  --block.size;
  --live_;
  if (block.size > 0) {
    rekey(at.block);
    refresh(at.block);
    return;
  }
  blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(at.block));
  block_longest_.erase(block_longest_.begin() + static_cast<std::ptrdiff_t>(at.block));
  reindex(at.block);
  retree(at.block);
}

bool IdleIntervals::locate(double start, Position& at) const {
  // A booking at or past the last one's end lies in the endless last gap: no search.
  if (start >= tail_start_) {
    at.block = blocks_.size() - 1;
    at.index = blocks_.back().size - 1;
    return true;
  }
  return containing(start, at);
}

IdleIntervals::Change IdleIntervals::book(double start, double finish) {
  if (blocks_.empty()) {  // the first booking: the endless gap from 0 into a block
    live_ = 0;
    insert(0.0, kEndless);
  }
  Position at{0, 0};
  const bool found = locate(start, at);
  assert(found && finish <= gap(at).end);
  if (!found) {
    Change c;
    c.start = start;
    c.finish = finish;
    return c;
  }
  return book_at(at, start, finish);
}

IdleIntervals::Change IdleIntervals::book_at(const Position& at, double start, double finish) {
  Change c;
  c.start = start;
  c.finish = finish;
  const double gap_start = gap(at).start, gap_end = gap(at).end;
  // An empty interval at t still holds the resource at t: the gap is cut in two that meet
  // at t, so that no later booking runs across t (the engine would make one of them wait).
  // At a gap's end nothing can run across t anyway.
  if (!(finish > start) && !(start > gap_start && start < gap_end)) return c;
  c.gap_start = gap_start;
  c.gap_end = gap_end;
  c.cut = true;
  if (keep_boundaries_ && finish > start) {
    // Only the open interval (start, finish) becomes busy: [gap_start, start] and
    // [finish, gap_end] stay, even when they are single points.
    gap(at).end = start;
    shrunk(at, gap_start, gap_end);
    // A zero-duration booking may have split the gap at its end: the point is a gap already.
    // (Only the next gap can start at finish: it starts no sooner than gap_end >= finish.)
    if (!(finish == gap_end && next_starts_at(at, finish))) insert_after(at, finish, gap_end);
    return c;
  }
  // The gap shrinks in place where it can (its start stays between its neighbours').
  if (start > gap_start) {
    gap(at).end = start;
    shrunk(at, gap_start, gap_end);
    if (gap_end > finish) insert_after(at, finish, gap_end);
  } else if (gap_end > finish) {
    gap(at).start = finish;
    if (at.index % kKeyStride == 0 && at.index > 0) blocks_[at.block].keys[at.index / kKeyStride - 1] = finish;
    if (gap_end == kEndless) tail_start_ = finish;
    shrunk(at, gap_start, gap_end);
  } else {
    erase(gap_start);
  }
  return c;
}

bool IdleIntervals::next_starts_at(const Position& at, double t) const {
  const Block& block = blocks_[at.block];
  if (at.index + 1 < block.size) return block.gaps[at.index + 1].start == t;
  return at.block + 1 < blocks_.size() && first(at.block + 1) == t;
}

bool IdleIntervals::starts_gap(double t) const {
  Position at{0, 0};
  return containing(t, at) && gap(at).start == t;
}

void IdleIntervals::occupy(double start, double finish) {
  if (blocks_.empty()) {  // the first booking: the endless gap from 0 into a block
    live_ = 0;
    insert(0.0, kEndless);
  }
  Position at{0, 0};
  const bool found = locate(start, at);
  if (found && finish <= gap(at).end) {
    book_at(at, start, finish);
    return;
  }
  // The gaps that meet the open interval (start, finish), then each cut back to what lies
  // outside it (kept as single points too with keep_boundaries).
  std::vector<std::pair<double, double>> met;
  std::size_t b = found ? at.block : 0, i = found ? at.index : 0;
  if (found && gap(at).end <= start) ++i;  // it ends before the interval: from the next one
  for (; b < blocks_.size(); ++b, i = 0)
    for (; i < blocks_[b].size && blocks_[b].gaps[i].start < finish; ++i)
      met.emplace_back(blocks_[b].gaps[i].start, blocks_[b].gaps[i].end);
  for (const auto& [gap_start, gap_end] : met) {
    erase(gap_start);
    if (keep_boundaries_ ? gap_start <= start : gap_start < start) insert(gap_start, start);
    if ((keep_boundaries_ ? gap_end >= finish : gap_end > finish) && !starts_gap(finish))
      insert(finish, gap_end);  // insert() moves the endless gap's start
  }
}

void IdleIntervals::forget_before(double t) {
  // The gaps are disjoint and in order, so their ends are too: blocks [0, k) are those whose
  // last gap ends before t. A gap ending at t stays (a booking of zero duration may go there).
  std::size_t lo = 0, hi = blocks_.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (blocks_[mid].gaps[blocks_[mid].size - 1].end < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  const std::size_t k = lo;
  if (k == 0 || 2 * k < blocks_.size()) return;
  // A question at s >= t found the gap of largest start <= s, or none: one of those dropped
  // (it ended before s) sent it on to the gaps after, all kept, as no gap now sends it on.
  for (std::size_t b = 0; b < k; ++b) live_ -= blocks_[b].size;
  const auto drop = static_cast<std::ptrdiff_t>(k);
  blocks_.erase(blocks_.begin(), blocks_.begin() + drop);
  block_longest_.erase(block_longest_.begin(), block_longest_.begin() + drop);
  reindex(0);
  leaves_ = 0;  // the tree of longest gaps afresh, as wide as the blocks left
  tree_.clear();
  retree(0);
}

void IdleIntervals::undo(const Change& c) {
  assert(!keep_boundaries_);
  if (!c.cut) return;
  if (c.gap_end > c.finish) erase(c.finish);
  if (c.start > c.gap_start) erase(c.gap_start);
  insert(c.gap_start, c.gap_end);
}

}  // namespace mpnsim
