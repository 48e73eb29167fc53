// Size and number checks on task graphs, shared by the DOT and STG readers and the generator.
#include "workloads/dag/dag_input_limits.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace mpnsim {

namespace {

// Peak resident memory of the whole `mpnsim dag --generate ... --topology hypercube --dim 8 --z
// 0.5 --S 0.01 --format json` process (/usr/bin/time -v), 2026-11-27, LPS and HEFT:
//
//   tasks    edges        LPS          HEFT
//   10^6     1 430 551    231 952 KiB  217 032 KiB    (default degrees, max_in = max_out = 3)
//   10^7     14 308 565   1 950 332    1 926 512      (the same)
//   2*10^5   1 735 097    187 132      155 644        (max_in = max_out = 20)
//
// Solved exactly for base + a*tasks + b*edges through each scheduler's three runs: LPS 42 MB +
// 86 B a task + 76 B an edge, HEFT 28 MB + 103 + 64. The estimate takes the larger of each and
// adds about a tenth to the slopes (other schedulers, the heap's slack): 32 MiB + 112 + 84, which
// is 5-18 % above every run of the table. The older 1536 and 640 bytes were measured before the
// graph, the schedule and the replay were made compact (issue #24), 8 times too high at 10^6.
constexpr double kBaseBytes = 32.0 * (1 << 20);
constexpr double kBytesPerTask = 112;
constexpr double kBytesPerEdge = 84;

std::string name_of(const TaskGraph& g, bool on_task, int index) {
  if (on_task) return fmt::format("task '{}'", g.task(index).name);
  const DagEdge& e = g.edge(index);
  return fmt::format("edge {} -> {}", g.task(e.from).name, g.task(e.to).name);
}

}  // namespace

double dag_memory_estimate(double tasks, double edges) {
  return kBaseBytes + kBytesPerTask * tasks + kBytesPerEdge * edges;
}

std::optional<std::string> dag_size_problem(double tasks, double edges) {
  if (tasks <= static_cast<double>(kMaxDagTasks) && edges <= static_cast<double>(kMaxDagEdges)) return std::nullopt;
  const std::string size = edges > 0 ? fmt::format("{:.4g} tasks and {:.4g} edges", tasks, edges)
                                     : fmt::format("{:.4g} tasks", tasks);
  return fmt::format("{} would take about {:.1f} GiB to schedule and replay (about {} MiB, {} bytes a task and {} "
                     "an edge); mpnsim takes at most {} tasks and {} edges",
                     size, dag_memory_estimate(tasks, edges) / (1 << 30), kBaseBytes / (1 << 20), kBytesPerTask,
                     kBytesPerEdge, kMaxDagTasks, kMaxDagEdges);
}

namespace {

// Whether every value of the graph passes dag_number_problem's checks, in one pass with no
// branch on the values (a generated graph of 10^5 tasks spent 2 % of `mpnsim dag` in the
// checks' bookkeeping). The total is summed in the same order as below, so it is the same sum.
bool numbers_plainly_fine(const TaskGraph& g) {
  bool fine = true;
  double total = 0, smallest = std::numeric_limits<double>::infinity();
  auto add = [&](double v) {
    fine &= v >= 0 && v <= kMaxDagTotal;  // false for NaN and infinities too
    total += v;
    smallest = v > 0 && v < smallest ? v : smallest;
  };
  for (int t = 0; t < g.size(); ++t) add(g.task(t).work);
  for (int e = 0; e < g.edge_count(); ++e) add(g.edge(e).data);
  return fine && !(total > kMaxDagTotal) && !(smallest * kMaxDagDynamicRange < total);
}

}  // namespace

std::optional<DagNumberProblem> dag_number_problem(const TaskGraph& g) {
  if (numbers_plainly_fine(g)) return std::nullopt;
  // Some value fails: again, with where each value lies, for the message.
  // The largest and the smallest nonzero value, and where they are.
  struct At {
    double value;
    bool on_task;
    int index;
  };
  std::optional<At> largest, smallest;
  auto visit = [&](double v, bool on_task, int index) -> std::optional<DagNumberProblem> {
    if (!std::isfinite(v) || v < 0)
      return DagNumberProblem{on_task, index,
                              fmt::format("{} has {} {}: expected a finite number >= 0", name_of(g, on_task, index),
                                          on_task ? "work" : "data size", v)};
    // One value above the total limit is refused here, before any sum could overflow.
    if (v > kMaxDagTotal)
      return DagNumberProblem{on_task, index,
                              fmt::format("{} has {} {:g}, above mpnsim's limit of {:g} for the work and data of a "
                                          "graph (times are sums of these, scaled by the machine): scale the "
                                          "graph's values down (only their ratios matter)",
                                          name_of(g, on_task, index), on_task ? "work" : "data size", v,
                                          kMaxDagTotal)};
    if (!largest || v > largest->value) largest = At{v, on_task, index};
    if (v > 0 && (!smallest || v < smallest->value)) smallest = At{v, on_task, index};
    return std::nullopt;
  };
  // Sums of at most kMaxDagTasks + kMaxDagEdges values each <= 1e150 stay finite.
  double total = 0;
  for (int t = 0; t < g.size(); ++t) {
    if (auto p = visit(g.task(t).work, true, t)) return p;
    total += g.task(t).work;
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    if (auto p = visit(g.edge(e).data, false, e)) return p;
    total += g.edge(e).data;
  }
  if (total > kMaxDagTotal)
    return DagNumberProblem{largest->on_task, largest->index,
                            fmt::format("the graph's work and data add up to {:g}, above mpnsim's limit of {:g} "
                                        "(times are sums of these, scaled by the machine; the largest is {} with "
                                        "{:g}): scale the graph's values down (only their ratios matter)",
                                        total, kMaxDagTotal, name_of(g, largest->on_task, largest->index),
                                        largest->value)};
  if (smallest && smallest->value * kMaxDagDynamicRange < total)
    return DagNumberProblem{smallest->on_task, smallest->index,
                            fmt::format("{} has {} {:g}, but the graph's work and data add up to {:g} (the largest "
                                        "is {} with {:g}): a value below the total times 2^-53 is lost entirely when "
                                        "added to times of that order, so the schedule would depend on rounding; "
                                        "set it to 0 or narrow the range of the values",
                                        name_of(g, smallest->on_task, smallest->index),
                                        smallest->on_task ? "work" : "data size", smallest->value, total,
                                        name_of(g, largest->on_task, largest->index), largest->value)};
  return std::nullopt;
}

}  // namespace mpnsim
