// The idle time of one resource (a link direction, a port, a CPU) as disjoint gaps, in sorted blocks searched by their longest gap.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mpnsim {

// Gaps [start, end] between the busy intervals of one resource, from time 0 on; the last gap
// runs to infinity. They lie in order in blocks of a few dozen, each block knowing its first
// start and its longest gap, so that "the first gap after t that holds d" is a search over
// the blocks' starts (eight to a cache line, under an array of each line's first) and one
// within a block (a line of keys, then a line of gaps), then a scan of the blocks' longest gaps
// (contiguous, a few per cache line) to the first block that holds d: never a scan of the
// resource's history gap by gap. Insertion-based schedulers (HEFT's processors, edge
// scheduling's links) ask exactly that question. (A treap did the same in O(log n) steps,
// each a likely cache miss: at 10^5 tasks most of the contention-aware schedulers' time.)
class IdleIntervals {
 public:
  // How a booking that meets a gap's end is counted. By default a gap [a, b] booked from a
  // is gone up to the booking's finish: nothing can start at a any more. With
  // `keep_boundaries`, every end of a booking stays a gap of its own (possibly [t, t]), so
  // that a task of zero duration can still go at t, between two tasks that meet there: the
  // free model's processors (ScheduleBuilder) count a processor's time so, the papers' way.
  explicit IdleIntervals(bool keep_boundaries = false);

  // Earliest s >= t with [s, s + d] inside one gap. s + d is computed as the engine adds a
  // duration to a start, so a booking at s ends exactly where the replay's operation ends.
  double earliest_fit(double t, double d) const;
  // True when earliest_fit(t, d) takes no search: t is at or past the last booking, or no
  // finite gap is as long as d. Its answer is then std::max(t, tail_start()). For a caller
  // that asks many timetables one question each (HEFT's loop over the processors), which can
  // take the answer without a call or a branch that goes either way at random.
  bool fits_at_tail(double t, double d) const { return t >= tail_start_ || longest_ < d; }

  // Where an answer of earliest_fit lay: the gap that held it. Asked again (any d) at a time no
  // earlier than that gap's start, with no booking in between, the timetable walks on from
  // there instead of searching (a hop's fit asks its resources in turn until none moves its
  // time, so each is asked again at a later time, mostly inside the gap it answered from); at
  // an earlier time it searches. The answer is earliest_fit's, to the bit. A default Hint
  // holds nothing; a stale one (a booking since, another timetable) is not detected.
  struct Hint {
    std::size_t block = static_cast<std::size_t>(-1), index = 0;
  };
  double earliest_fit(double t, double d, Hint& hint) const;

  // What book() changed, for undo(): the gap [gap_start, gap_end] that [start, finish] was cut from.
  struct Change {
    double gap_start = 0, gap_end = 0, start = 0, finish = 0;
    bool cut = false;  // false when nothing changed (an empty interval at the end of a gap)
  };
  // Marks [start, finish] busy; it must lie inside one gap (earliest_fit's answer does). An
  // empty interval [t, t] splits its gap at t: later bookings may end or start at t, not run across it.
  Change book(double start, double finish);
  // Reverts a booking; bookings are undone in the reverse order they were made. (Without
  // keep_boundaries only.)
  void undo(const Change& change);
  // Marks [start, finish] busy wherever it lies: book() when it is inside one gap, else every
  // gap it meets loses that part. (Only a placement made by hand, such as a Python
  // scheduler's, can overlap busy time; the schedule is then invalid, and the checker says so.)
  void occupy(double start, double finish);

  // Forgets the gaps that end before t, for a caller that books nothing and asks about no
  // time before t from now on (an online policy at its instant): earliest_fit(s, d), book()
  // and occupy() at s >= t answer as before. Whole blocks go, once they are at least half
  // of them, so that a call costs a binary search and the rest is paid by the blocks dropped.
  void forget_before(double t);

  std::size_t gaps() const { return live_; }
  // What earliest_fit answers without a search: from tail_start() on the resource is idle for
  // good, and no gap before it is longer than longest_gap() (-1 when there is none).
  double tail_start() const { return tail_start_; }
  double longest_gap() const { return longest_; }

 private:
  struct Gap {
    double start, end;
  };
  struct Position {
    std::size_t block, index;
  };
  // The gap with the largest start <= t; false when every gap starts after t.
  bool containing(double t, Position& at) const;
  Gap& gap(const Position& at) { return blocks_[at.block].gaps[at.index]; }
  const Gap& gap(const Position& at) const { return blocks_[at.block].gaps[at.index]; }
  // The first gap after `at` (or from the first one when `from_start`) that holds d: its
  // start, else tail_start_. `held` is where it lies (block -1 for the endless gap).
  double first_holding_after(const Position& at, bool from_start, double d, Hint& held) const;
  void refresh(std::size_t block);  // its first start and longest gap, and longest_ (through tree_)
  void set_longest(std::size_t block, double longest);  // a block's longest gap known without a scan
  // After the gap at `at`, once [old_start, old_end], shrank in place: refresh() when needed.
  void shrunk(const Position& at, double old_start, double old_end);
  void retree(std::size_t from);     // tree_ and longest_ again from block `from` on, after a block came or went there
  void insert(double start, double end);
  // A new gap right after the gap at `at` (where insert() would put it: its start is past that
  // gap's, before the next one's).
  void insert_after(const Position& at, double start, double end);
  // The gap of a booking at `start`, found without a search when start is in the endless gap.
  bool locate(double start, Position& at) const;
  // Books [start, finish] inside the gap at `at`, which holds start.
  Change book_at(const Position& at, double start, double finish);
  // Inserts [start, end] at `index` of block `b`, splitting the block when full.
  void insert_at(std::size_t b, std::size_t index, double start, double end);
  void erase(double start);
  bool starts_gap(double t) const;  // some gap starts at t
  bool next_starts_at(const Position& at, double t) const;  // the gap after `at` starts at t

  // A block: its gap count and the start of every fourth gap from the fourth on in its first
  // cache line, then its gaps, four to a line, all in the timetable's one array of blocks. The
  // gap of a time is found by that line and one run of four gaps, each one line: no vector
  // header, no gaps in a heap allocation of their own (lines shared at random with other
  // timetables, and a run that straddles two of them).
  struct alignas(64) Block {
    std::uint32_t size = 0;
    std::array<double, 7> keys{};  // keys[j] = gaps[4(j + 1)].start, infinity past the last gap
    std::array<Gap, 32> gaps{};
  };
  static_assert(sizeof(Block) == 64 + 32 * sizeof(Gap), "a line of count and keys, then eight lines of four gaps");
  // The blocks' first starts, eight to a cache line (infinity past the last block), and the
  // first of each line: a search reads the small array of lines' firsts, then one line.
  struct alignas(64) FirstLine {
    std::array<double, 8> first;
  };
  double first(std::size_t b) const { return firsts_[b / 8].first[b % 8]; }
  void set_first(std::size_t b, double start) {
    firsts_[b / 8].first[b % 8] = start;
    if (b % 8 == 0) line_first_[b / 8] = start;
  }
  void reindex(std::size_t from);  // the firsts again from block `from` on, after a block came or went there
  // The last block whose first start is <= t; false when there is none.
  bool block_of(double t, std::size_t& block) const;
  void rekey(std::size_t block);  // its keys from its gaps
  std::vector<Block> blocks_;             // every block non-empty, the gaps in order of start
  std::vector<FirstLine> firsts_;         // per block: its first gap's start
  std::vector<double> line_first_;        // per line of firsts_: its first
  std::vector<double> block_longest_;     // per block: its longest gap (pruning_length)
  std::vector<double> tree_;              // maxima of block_longest_: node i over 2i and 2i+1, leaves from leaves_
  std::size_t leaves_ = 0;                // a power of two >= the blocks (0 before the first)
  double longest_ = -1;                   // the largest of block_longest_ (tree_[1])
  std::size_t live_ = 0;
  double tail_start_ = 0;  // start of the endless last gap
  bool keep_boundaries_ = false;
};

}  // namespace mpnsim
