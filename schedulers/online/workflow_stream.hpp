// A stream of workflows as one problem: every workflow's graph, merged, with its arrival time.
#pragma once

#include <string>
#include <vector>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// The workflows are the disjoint components of one graph, so that one ScheduleBuilder (and,
// under contention, one set of link and port bookings) holds them all: workflow w's tasks are
// [first_task[w], first_task[w + 1]), named "w<k>/<task>". A policy must not look at workflow w
// before arrival[w] (schedulers/online/online_dispatch.hpp enforces it for dynamic policies).
struct WorkflowStream {
  TaskGraph graph;
  std::vector<int> first_task;  // workflows() + 1 entries
  std::vector<double> arrival;  // per workflow, sorted, >= 0
  std::vector<std::string> names;  // per workflow: its graph's name or file

  int workflows() const { return static_cast<int>(arrival.size()); }
  int size(int w) const { return first_task[static_cast<std::size_t>(w) + 1] - first_task[static_cast<std::size_t>(w)]; }
  int workflow_of(int task) const;  // O(log W)
};

// Merges the graphs (in arrival order) into one stream. Throws std::invalid_argument when the
// arrivals are not as many as the graphs, not sorted or negative, or when some graphs carry a
// cost table and others do not, or tables of different widths.
WorkflowStream merge_workflows(const std::vector<TaskGraph>& graphs, std::vector<double> arrival,
                               std::vector<std::string> names);

// Workflow w alone, arriving at 0: what `makespan_alone` schedules on the empty machine.
WorkflowStream single_workflow(const WorkflowStream& stream, int w);
// The first `count` workflows of the stream as they are (names, arrivals, costs).
WorkflowStream leading_workflows(const WorkflowStream& stream, int count);

}  // namespace mpnsim
