// Turnaround, slowdown, TTR, unfairness, utilisation and throughput of a workflow stream.
#include "schedulers/online/stream_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mpnsim {

double least_critical_path(const DagProblem& problem, int first, int last, std::span<const int> order) {
  const TaskGraph& g = problem.graph;
  std::vector<double> longest(static_cast<std::size_t>(last - first), 0.0);  // path ending with the task
  double out = 0;
  for (int t : order) {
    if (t < first || t >= last) continue;
    double least = std::numeric_limits<double>::infinity();
    for (int p = 0; p < problem.processors(); ++p) least = std::min(least, problem.exec_time(t, p));
    double before = 0;
    for (int e : g.in_edges(t)) before = std::max(before, longest[static_cast<std::size_t>(g.edge(e).from - first)]);
    longest[static_cast<std::size_t>(t - first)] = before + least;
    out = std::max(out, before + least);
  }
  return out;
}

double least_critical_path(const DagProblem& problem, int first, int last) {
  return least_critical_path(problem, first, last, topological_order(problem.graph));
}

std::vector<WorkflowFigures> workflow_figures(const DagProblem& problem, const WorkflowStream& stream,
                                              std::span<const double> start, std::span<const double> finish,
                                              std::span<const double> alone) {
  std::vector<WorkflowFigures> out;
  // One topological order of the stream, cut into each workflow's (the workflows are disjoint).
  std::vector<int> order(static_cast<std::size_t>(stream.graph.size()));
  std::vector<int> at(stream.first_task.begin(), stream.first_task.end() - 1);
  for (int t : topological_order(stream.graph)) order[static_cast<std::size_t>(at[static_cast<std::size_t>(stream.workflow_of(t))]++)] = t;
  for (int w = 0; w < stream.workflows(); ++w) {
    const int first = stream.first_task[static_cast<std::size_t>(w)], last = stream.first_task[static_cast<std::size_t>(w) + 1];
    WorkflowFigures f;
    f.workflow = w;
    f.name = stream.names[static_cast<std::size_t>(w)];
    f.tasks = last - first;
    f.arrival = stream.arrival[static_cast<std::size_t>(w)];
    f.start = f.finish = f.arrival;
    if (last > first) {
      f.start = *std::min_element(start.begin() + first, start.begin() + last);
      f.finish = *std::max_element(finish.begin() + first, finish.begin() + last);
    }
    f.makespan = f.finish - f.arrival;
    f.makespan_alone = alone[static_cast<std::size_t>(w)];
    f.slowdown = f.makespan_alone > 0 ? f.makespan / f.makespan_alone : 1.0;
    const double cp = least_critical_path(problem, first, last,
                                          std::span<const int>(order).subspan(static_cast<std::size_t>(first),
                                                                              static_cast<std::size_t>(last - first)));
    f.ttr = cp > 0 ? f.makespan / cp : 1.0;
    out.push_back(std::move(f));
  }
  return out;
}

StreamFigures stream_figures(std::span<const WorkflowFigures> workflows, double busy, int processors,
                             double link_busy, int link_directions) {
  StreamFigures s;
  if (workflows.empty()) return s;
  const double n = static_cast<double>(workflows.size());
  std::vector<double> slowdowns;
  double first_arrival = std::numeric_limits<double>::infinity(), last_finish = 0;
  for (const auto& w : workflows) {
    slowdowns.push_back(w.slowdown);
    s.mean_slowdown += w.slowdown / n;
    s.mean_ttr += w.ttr / n;
    first_arrival = std::min(first_arrival, w.arrival);
    last_finish = std::max(last_finish, w.finish);
  }
  for (double x : slowdowns) s.unfairness += std::abs(x - s.mean_slowdown);
  std::sort(slowdowns.begin(), slowdowns.end());
  const auto rank = static_cast<std::size_t>(std::ceil(0.95 * n));
  s.p95_slowdown = slowdowns[std::max<std::size_t>(rank, 1) - 1];
  s.span = last_finish - first_arrival;
  if (s.span > 0) {
    s.utilisation = busy / (static_cast<double>(processors) * s.span);
    if (link_directions > 0) s.link_utilisation = link_busy / (static_cast<double>(link_directions) * s.span);
    s.throughput = n / s.span;
  }
  return s;
}

}  // namespace mpnsim
