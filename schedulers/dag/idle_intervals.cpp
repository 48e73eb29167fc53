// A treap of idle gaps with the longest gap per subtree: earliest-fit queries and bookings in O(log n).
#include "schedulers/dag/idle_intervals.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

namespace mpnsim {

IdleIntervals::IdleIntervals(bool keep_boundaries) : keep_boundaries_(keep_boundaries) {
  insert(0.0, std::numeric_limits<double>::infinity());
}

namespace {

// A gap's length for pruning, rounded up: a gap that holds d (start + d <= end in floating
// point) never has end - start below d by more than an ulp of end, so with this margin the
// pruning never drops a gap that holds d, and the answers do not depend on the tree's shape.
// The endless last gap counts as none (-1): it holds everything, and earliest_fit falls back
// on it when no finite gap does, so that the root's longest says at once when none does.
double pruning_length(double start, double end) {
  return end == std::numeric_limits<double>::infinity() ? -1.0 : end - start + std::abs(end) * 4.5e-16;
}

}  // namespace

int IdleIntervals::make(double start, double end) {
  seed_ ^= seed_ << 13;
  seed_ ^= seed_ >> 17;
  seed_ ^= seed_ << 5;
  const Node node{start, end, pruning_length(start, end), seed_, -1, -1};
  if (!free_.empty()) {
    const int n = free_.back();
    free_.pop_back();
    nodes_[static_cast<std::size_t>(n)] = node;
    return n;
  }
  nodes_.push_back(node);
  return static_cast<int>(nodes_.size() - 1);
}

void IdleIntervals::refresh(int n) {
  Node& x = nodes_[static_cast<std::size_t>(n)];
  x.longest = pruning_length(x.start, x.end);
  if (x.left >= 0) x.longest = std::max(x.longest, nodes_[static_cast<std::size_t>(x.left)].longest);
  if (x.right >= 0) x.longest = std::max(x.longest, nodes_[static_cast<std::size_t>(x.right)].longest);
}

void IdleIntervals::split(int n, double key, bool inclusive, int& left, int& right) {
  if (n < 0) {
    left = right = -1;
    return;
  }
  Node& x = nodes_[static_cast<std::size_t>(n)];
  const bool goes_left = inclusive ? x.start <= key : x.start < key;
  if (goes_left) {
    int l, r;
    split(x.right, key, inclusive, l, r);
    nodes_[static_cast<std::size_t>(n)].right = l;
    refresh(n);
    left = n;
    right = r;
  } else {
    int l, r;
    split(x.left, key, inclusive, l, r);
    nodes_[static_cast<std::size_t>(n)].left = r;
    refresh(n);
    left = l;
    right = n;
  }
}

void IdleIntervals::refresh_path(int n, double key) {
  if (n < 0) return;
  const Node& x = nodes_[static_cast<std::size_t>(n)];
  if (key < x.start)
    refresh_path(x.left, key);
  else if (key > x.start)
    refresh_path(x.right, key);
  refresh(n);
}

int IdleIntervals::merge(int a, int b) {
  if (a < 0) return b;
  if (b < 0) return a;
  if (nodes_[static_cast<std::size_t>(a)].priority > nodes_[static_cast<std::size_t>(b)].priority) {
    const int r = merge(nodes_[static_cast<std::size_t>(a)].right, b);
    nodes_[static_cast<std::size_t>(a)].right = r;
    refresh(a);
    return a;
  }
  const int l = merge(a, nodes_[static_cast<std::size_t>(b)].left);
  nodes_[static_cast<std::size_t>(b)].left = l;
  refresh(b);
  return b;
}

void IdleIntervals::insert(double start, double end) {
  if (end == std::numeric_limits<double>::infinity()) tail_start_ = start;
  int l, r;
  split(root_, start, false, l, r);
  root_ = merge(merge(l, make(start, end)), r);
  ++live_;
}

void IdleIntervals::erase(double start) {
  int l, mid, r;
  split(root_, start, false, l, mid);
  int hit;
  split(mid, start, true, hit, r);
  assert(hit >= 0 && nodes_[static_cast<std::size_t>(hit)].left < 0 && nodes_[static_cast<std::size_t>(hit)].right < 0);
  if (hit >= 0) {
    free_.push_back(hit);
    --live_;
  }
  root_ = merge(l, r);
}

int IdleIntervals::containing(double t) const {
  int best = -1;
  for (int n = root_; n >= 0;) {
    const Node& x = nodes_[static_cast<std::size_t>(n)];
    if (x.start <= t) {
      best = n;
      n = x.right;
    } else {
      n = x.left;
    }
  }
  return best;
}

int IdleIntervals::first_holding(int n, double t, double d) const {
  // `longest` only prunes (rounded up): the answer is decided by start + d <= end, the
  // engine's arithmetic.
  while (n >= 0) {
    const Node& x = nodes_[static_cast<std::size_t>(n)];
    if (x.longest < d) return -1;
    if (x.start > t) {
      if (const int found = first_holding(x.left, t, d); found >= 0) return found;
      if (x.start + d <= x.end) return n;
    }
    n = x.right;
  }
  return -1;
}

double IdleIntervals::earliest_fit(double t, double d) const {
  // Most questions are about times past the last booking: the endless last gap holds them.
  if (t >= tail_start_) return t;
  // Many others are about longer times than any gap before it (the root knows the longest).
  if (nodes_[static_cast<std::size_t>(root_)].longest < d) return tail_start_;
  if (const int c = containing(t); c >= 0 && t + d <= nodes_[static_cast<std::size_t>(c)].end) return t;
  // A finite gap after t, else the endless one, which starts after t here.
  const int n = first_holding(root_, t, d);
  return n >= 0 ? nodes_[static_cast<std::size_t>(n)].start : tail_start_;
}

IdleIntervals::Change IdleIntervals::book(double start, double finish) {
  Change c;
  c.start = start;
  c.finish = finish;
  const int g = containing(start);
  assert(g >= 0 && finish <= nodes_[static_cast<std::size_t>(g)].end);
  if (g < 0) return c;
  const double gap_start = nodes_[static_cast<std::size_t>(g)].start, gap_end = nodes_[static_cast<std::size_t>(g)].end;
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
    nodes_[static_cast<std::size_t>(g)].end = start;
    refresh_path(root_, gap_start);
    // A zero-duration booking may have split the gap at its end: the point is a gap already.
    if (!starts_gap(finish)) insert(finish, gap_end);
    return c;
  }
  // The gap shrinks in place where it can (its key stays between its neighbours' keys),
  // which costs one descent instead of the splits and merges of an erase and an insert.
  Node& x = nodes_[static_cast<std::size_t>(g)];
  if (start > gap_start) {
    x.end = start;
    refresh_path(root_, gap_start);
    if (gap_end > finish) insert(finish, gap_end);
  } else if (gap_end > finish) {
    x.start = finish;
    if (gap_end == std::numeric_limits<double>::infinity()) tail_start_ = finish;
    refresh_path(root_, finish);
  } else {
    erase(gap_start);
  }
  return c;
}

bool IdleIntervals::starts_gap(double t) const {
  const int c = containing(t);
  return c >= 0 && nodes_[static_cast<std::size_t>(c)].start == t;
}

int IdleIntervals::first_after(double t) const {
  int best = -1;
  for (int n = root_; n >= 0;) {
    const Node& x = nodes_[static_cast<std::size_t>(n)];
    if (x.start > t) {
      best = n;
      n = x.left;
    } else {
      n = x.right;
    }
  }
  return best;
}

void IdleIntervals::occupy(double start, double finish) {
  const int c = containing(start);
  if (c >= 0 && finish <= nodes_[static_cast<std::size_t>(c)].end) {
    book(start, finish);
    return;
  }
  // The gaps that meet the open interval (start, finish), then each cut back to what lies
  // outside it (kept as single points too with keep_boundaries).
  std::vector<std::pair<double, double>> met;
  int g = c >= 0 && nodes_[static_cast<std::size_t>(c)].end > start ? c : first_after(start);
  while (g >= 0 && nodes_[static_cast<std::size_t>(g)].start < finish) {
    met.emplace_back(nodes_[static_cast<std::size_t>(g)].start, nodes_[static_cast<std::size_t>(g)].end);
    g = first_after(nodes_[static_cast<std::size_t>(g)].start);
  }
  for (const auto& [gap_start, gap_end] : met) {
    erase(gap_start);
    if (keep_boundaries_ ? gap_start <= start : gap_start < start) insert(gap_start, start);
    if ((keep_boundaries_ ? gap_end >= finish : gap_end > finish) && !starts_gap(finish))
      insert(finish, gap_end);  // insert() moves the endless gap's start
  }
}

void IdleIntervals::undo(const Change& c) {
  assert(!keep_boundaries_);
  if (!c.cut) return;
  if (c.gap_end > c.finish) erase(c.finish);
  if (c.start > c.gap_start) erase(c.gap_start);
  insert(c.gap_start, c.gap_end);
}

}  // namespace mpnsim
