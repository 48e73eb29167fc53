// Schedule metrics, and link conflicts of the estimated message timings.
#include "schedulers/dag/dag_metrics.hpp"

#include <algorithm>
#include <cstddef>

#include "schedulers/dag/task_levels.hpp"
#include "schedulers/load_imbalance.hpp"
#include "sim/machine_spec.hpp"
#include "sim/router.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

DagMetrics schedule_metrics(const DagProblem& problem, const Schedule& schedule) {
  DagMetrics m;
  m.makespan = schedule.makespan();
  check_costs_fit(problem.graph, problem.machine);
  m.t1 = problem.best_single_processor_time();
  m.speedup = m.makespan > 0 ? m.t1 / m.makespan : 0.0;
  m.efficiency = m.speedup / problem.processors();
  m.busy = schedule.busy_times();
  m.lif = load_imbalance_factor(m.busy, false);
  const std::vector<double> sl = static_levels(problem, topological_order(problem.graph));
  for (double v : sl) m.critical_path = std::max(m.critical_path, v);
  return m;
}

long long estimated_link_conflicts(const DagProblem& problem, const Schedule& schedule) {
  // Every hop of every message as (start, end) on its channel, then overlaps per channel.
  struct Hop {
    int channel;
    double start, end;
  };
  Router router(problem.machine);
  std::vector<Hop> raw;
  std::vector<std::size_t> first(2 * problem.machine.links.size() + 1, 0);
  // A contention-aware schedule has booked its hops (none overlap when it is valid); the
  // others leave when the producer finishes and take the engine's route without waiting.
  if (schedule.contention_aware)
    for (const auto& h : schedule.hops) {
      raw.push_back({h.channel, h.start, h.finish});
      ++first[static_cast<std::size_t>(h.channel) + 1];
    }
  for (const auto& msg : schedule.messages) {
    if (schedule.contention_aware) break;
    const double data = problem.graph.edge(msg.edge).data;
    double t = msg.depart;
    for (int u = msg.from; u != msg.to;) {
      const Arc& a = router.next_arc(u, msg.to);
      const LinkSpec& l = problem.machine.links[static_cast<std::size_t>(a.link())];
      const double end = t + l.startup + data * l.z * problem.machine.Tcm;
      raw.push_back({a.channel, t, end});
      ++first[static_cast<std::size_t>(a.channel) + 1];
      t = end;
      u = a.to;
    }
  }
  // Grouped by channel (counting sort), then each channel's hops in order of (start, end):
  // the order of sorting (channel, start, end) at once, with sorts of a channel's size.
  for (std::size_t c = 1; c < first.size(); ++c) first[c] += first[c - 1];
  std::vector<Hop> hops(raw.size());
  {
    std::vector<std::size_t> fill(first.begin(), first.end() - 1);
    for (const Hop& h : raw) hops[fill[static_cast<std::size_t>(h.channel)]++] = h;
  }
  const auto earlier = [](const Hop& x, const Hop& y) {
    return x.start < y.start || (x.start == y.start && x.end < y.end);
  };
  for (std::size_t c = 0; c + 1 < first.size(); ++c)
    std::sort(hops.begin() + static_cast<std::ptrdiff_t>(first[c]),
              hops.begin() + static_cast<std::ptrdiff_t>(first[c + 1]), earlier);
  long long conflicts = 0;
  for (std::size_t i = 0; i < hops.size();) {
    std::size_t j = i;
    double busy_until = 0, last_start = 0;
    for (; j < hops.size() && hops[j].channel == hops[i].channel; ++j) {
      const double start = hops[j].start, end = hops[j].end;
      // A hop that starts while an earlier one holds the channel waits (even a hop of zero
      // length); two hops asking at the same instant may be served in either order.
      // Hops that merely touch, end to start, do not conflict.
      if (j > i && ((start < busy_until && !times_equal(start, busy_until)) || times_equal(start, last_start)))
        ++conflicts;
      busy_until = j > i ? std::max(busy_until, end) : end;
      last_start = start;
    }
    i = j;
  }
  return conflicts;
}

}  // namespace mpnsim
