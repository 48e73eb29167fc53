// The ready list of a list scheduler: tasks whose predecessors are all done, highest priority first.
#pragma once

#include <queue>
#include <vector>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

class ReadyTasks {
 public:
  // priority[t]: higher goes first; equal priorities go to the task earlier in `topo_position`
  // (positions(topo)), which keeps the order topological even when zero costs make priorities
  // equal. The entry tasks are ready at once.
  ReadyTasks(const TaskGraph& graph, std::vector<double> priority, std::vector<int> topo_position);
  ReadyTasks(const ReadyTasks&) = delete;
  ReadyTasks& operator=(const ReadyTasks&) = delete;

  bool empty() const { return queue_.empty(); }
  // Removes and returns the ready task of highest priority.
  int pop();
  // Marks `task` done (placed, or finished, as the scheduler decides): each successor whose last
  // predecessor it was becomes ready.
  void release(int task);

 private:
  struct Lower {
    const ReadyTasks* self;
    bool operator()(int a, int b) const;
  };
  const TaskGraph& graph_;
  std::vector<double> priority_;
  std::vector<int> position_;
  std::vector<int> waiting_;  // predecessors not yet released, per task
  std::priority_queue<int, std::vector<int>, Lower> queue_;
};

}  // namespace mpnsim
