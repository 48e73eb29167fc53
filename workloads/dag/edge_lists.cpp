// Building a task graph's adjacency lists in CSR form.
#include "workloads/dag/edge_lists.hpp"

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

void EdgeLists::build(int tasks, const std::vector<DagEdge>& edges, End end) {
  const auto task_of = [end](const DagEdge& e) { return static_cast<std::size_t>(end == End::from ? e.from : e.to); };
  offsets_.assign(static_cast<std::size_t>(tasks) + 1, 0);  // in place: add_task made it that long
  for (const auto& e : edges) ++offsets_[task_of(e) + 1];
  for (std::size_t t = 1; t < offsets_.size(); ++t) offsets_[t] += offsets_[t - 1];
  // Each edge goes to its task's next free slot; offsets_[t] serves as that cursor and ends at
  // the start of the list after, so it is shifted back by one list afterwards.
  ids_ = std::vector<int>(edges.size());  // exact: growing by resize may double the capacity
  for (std::size_t e = 0; e < edges.size(); ++e) ids_[static_cast<std::size_t>(offsets_[task_of(edges[e])]++)] = static_cast<int>(e);
  for (std::size_t t = offsets_.size() - 1; t > 0; --t) offsets_[t] = offsets_[t - 1];
  offsets_[0] = 0;
}

}  // namespace mpnsim
