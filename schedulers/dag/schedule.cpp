// Derived views of a schedule: its length, per-processor order and busy time.
#include "schedulers/dag/schedule.hpp"

#include <algorithm>
#include <cstdint>

#include "sim/time_order_key.hpp"

namespace mpnsim {

double Schedule::makespan() const {
  double m = 0;
  for (const auto& t : tasks) m = std::max(m, t.finish);
  return m;
}

ProcessorOrder Schedule::processor_order() const {
  // The start times are copied beside the task numbers, grouped by processor, as integers of
  // the same order: sorting task numbers with a comparison that looks the tasks up reads them
  // at random (4 % of `mpnsim dag`), and comparing (start, finish, task) as doubles took a
  // quarter more time than this sort. Ties of start are then put in order of finish and task.
  struct Key {
    std::uint64_t start;
    int task;
    bool operator<(const Key& o) const { return start != o.start ? start < o.start : task < o.task; }
  };
  const auto procs = static_cast<std::size_t>(std::max(processors, 0));
  std::vector<std::size_t> first(procs + 1, 0);
  for (const auto& t : tasks)
    if (t.processor >= 0 && t.processor < processors) ++first[static_cast<std::size_t>(t.processor) + 1];
  for (std::size_t p = 0; p < procs; ++p) first[p + 1] += first[p];
  std::vector<Key> keys(first[procs]);
  {
    std::vector<std::size_t> fill(first.begin(), first.end() - 1);
    for (std::size_t t = 0; t < tasks.size(); ++t) {
      const TaskPlacement& x = tasks[t];
      if (x.processor >= 0 && x.processor < processors)
        keys[fill[static_cast<std::size_t>(x.processor)]++] = Key{time_order_key(x.start), static_cast<int>(t)};
    }
  }
  auto by_finish = [&](const Key& a, const Key& b) {
    // A NaN time (a broken outside schedule, which the checker reports) sorts last, so that the
    // sort's comparison stays a strict weak order.
    const std::uint64_t fa = time_order_key(tasks[static_cast<std::size_t>(a.task)].finish);
    const std::uint64_t fb = time_order_key(tasks[static_cast<std::size_t>(b.task)].finish);
    return fa != fb ? fa < fb : a.task < b.task;
  };
  std::vector<std::vector<int>> order(procs);
  for (std::size_t p = 0; p < procs; ++p) {
    const auto begin = keys.begin() + static_cast<std::ptrdiff_t>(first[p]);
    const auto end = keys.begin() + static_cast<std::ptrdiff_t>(first[p + 1]);
    std::sort(begin, end);
    for (auto run = begin; run != end;) {
      auto run_end = run + 1;
      while (run_end != end && run_end->start == run->start) ++run_end;
      if (run_end - run > 1) std::sort(run, run_end, by_finish);
      run = run_end;
    }
    order[p].reserve(first[p + 1] - first[p]);
    for (auto k = begin; k != end; ++k) order[p].push_back(k->task);
  }
  return order;
}

std::vector<double> Schedule::busy_times() const {
  std::vector<double> busy(static_cast<std::size_t>(std::max(processors, 0)), 0.0);
  for (const auto& t : tasks)
    if (t.processor >= 0 && t.processor < processors) busy[static_cast<std::size_t>(t.processor)] += t.finish - t.start;
  return busy;
}

}  // namespace mpnsim
