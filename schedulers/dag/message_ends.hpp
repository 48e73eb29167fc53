// The processors a scheduled message goes between: its producer's and its consumer's.
#pragma once

#include <cstddef>

#include "schedulers/dag/schedule.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct MessageEnds {
  int from = 0;  // the producer's processor
  int to = 0;    // the consumer's processor
};

// A message keeps no processors of its own (schedule.hpp): they are the placements of its
// edge's two tasks. Its edge must be one of the graph's.
inline MessageEnds message_ends(const TaskGraph& graph, const Schedule& schedule, const ScheduledMessage& m) {
  const DagEdge& e = graph.edge(m.edge);
  return {schedule.tasks[static_cast<std::size_t>(e.from)].processor,
          schedule.tasks[static_cast<std::size_t>(e.to)].processor};
}

}  // namespace mpnsim
