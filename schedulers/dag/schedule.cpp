// Derived views of a schedule: its length, per-processor order and busy time.
#include "schedulers/dag/schedule.hpp"

#include <algorithm>
#include <tuple>


namespace mpnsim {

double Schedule::makespan() const {
  double m = 0;
  for (const auto& t : tasks) m = std::max(m, t.finish);
  return m;
}

std::vector<std::vector<int>> Schedule::processor_order() const {
  std::vector<std::vector<int>> order(static_cast<std::size_t>(std::max(processors, 0)));
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const int p = tasks[t].processor;
    if (p >= 0 && p < processors) order[static_cast<std::size_t>(p)].push_back(static_cast<int>(t));
  }
  for (auto& list : order)
    std::sort(list.begin(), list.end(), [&](int a, int b) {
      const auto& x = tasks[static_cast<std::size_t>(a)];
      const auto& y = tasks[static_cast<std::size_t>(b)];
      return std::tie(x.start, x.finish, a) < std::tie(y.start, y.finish, b);
    });
  return order;
}

std::vector<double> Schedule::busy_times() const {
  std::vector<double> busy(static_cast<std::size_t>(std::max(processors, 0)), 0.0);
  for (const auto& t : tasks)
    if (t.processor >= 0 && t.processor < processors) busy[static_cast<std::size_t>(t.processor)] += t.finish - t.start;
  return busy;
}

}  // namespace mpnsim
