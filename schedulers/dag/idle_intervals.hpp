// The idle time of one resource (a link direction, a port, a CPU) as disjoint gaps, searched in O(log n).
#pragma once

#include <cstdint>
#include <vector>

namespace mpnsim {

// Gaps [start, end] between the busy intervals of one resource, from time 0 on; the last gap
// runs to infinity. They live in a treap keyed by start whose nodes also know the longest
// gap below them, so that "the first gap after t that holds d" is one descent, never a scan
// of the resource's history. Insertion-based schedulers (HEFT's processors, edge scheduling's
// links) ask exactly that question.
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

  std::size_t gaps() const { return live_; }

 private:
  struct Node {
    double start, end, longest;  // longest: the largest end - start in this subtree (rounded up)
    std::uint32_t priority;
    int left = -1, right = -1;
  };
  int make(double start, double end);
  void refresh(int n);
  void refresh_path(int n, double key);  // refresh() from the node with `key` up to n
  // Splits the tree at `key`: keys < key go left (or <= key when `inclusive`).
  void split(int n, double key, bool inclusive, int& left, int& right);
  int merge(int a, int b);
  void insert(double start, double end);
  void erase(double start);
  int containing(double t) const;  // the gap with the largest start <= t, or -1
  int first_holding(int n, double t, double d) const;  // first gap with start > t that holds d
  int first_after(double t) const;  // the gap with the smallest start > t, or -1
  bool starts_gap(double t) const;  // some gap starts at t

  std::vector<Node> nodes_;
  std::vector<int> free_;
  int root_ = -1;
  std::size_t live_ = 0;
  double tail_start_ = 0;  // start of the endless last gap
  std::uint32_t seed_ = 2463534242u;  // xorshift state: priorities, hence shapes, are reproducible
  bool keep_boundaries_ = false;
};

}  // namespace mpnsim
