// A task DAG: tasks with work, directed edges with data sizes (thesis §6.1, SPEC §5).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "workloads/dag/cost_table.hpp"

namespace mpnsim {

struct DagTask {
  std::string name;
  double work = 0;  // execution time on a processor with w = 1, Tcp = 1 (unused with a cost table)
};

struct DagEdge {
  int from = 0;
  int to = 0;
  double data = 0;  // units moved from `from` to `to` when they run on different processors
};

// Tasks are numbered 0..size()-1 in the order they were added; edges likewise.
// Acyclicity is not enforced here: readers and generators check it (dag_cycle.hpp).
class TaskGraph {
 public:
  explicit TaskGraph(std::string name = {}) : name_(std::move(name)) {}

  // Throws std::logic_error once a cost table is attached (its rows are the tasks).
  int add_task(std::string name, double work);
  // Throws std::out_of_range when an end is not a task.
  int add_edge(int from, int to, double data);

  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  int size() const { return static_cast<int>(tasks_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }
  const DagTask& task(int i) const { return tasks_[static_cast<std::size_t>(i)]; }
  const DagEdge& edge(int e) const { return edges_[static_cast<std::size_t>(e)]; }
  const std::vector<DagTask>& tasks() const { return tasks_; }
  const std::vector<DagEdge>& edges() const { return edges_; }
  // Indices of the edges leaving / entering a task, in the order they were added.
  std::span<const int> out_edges(int task) const { return out_[static_cast<std::size_t>(task)]; }
  std::span<const int> in_edges(int task) const { return in_[static_cast<std::size_t>(task)]; }

  double total_work() const;
  double total_data() const;
  void set_work(int task, double work) { tasks_[static_cast<std::size_t>(task)].work = work; }
  // Multiplies every edge's data by `factor` (used to set an execution/communication ratio).
  void scale_data(double factor);

  // Attaches a table of execution times, one row per task in task order (the
  // heterogeneous model: task t takes W[t][p] on processor p instead of work * w_p * Tcp).
  // Throws std::invalid_argument when its rows are not the graph's tasks.
  void set_costs(CostTable costs);
  // The attached table, or nullptr.
  const CostTable* costs() const { return costs_.processors() > 0 ? &costs_ : nullptr; }

 private:
  std::string name_;
  std::vector<DagTask> tasks_;
  std::vector<DagEdge> edges_;
  std::vector<std::vector<int>> out_, in_;
  CostTable costs_;  // no processors: none attached
};

// Every task once, each after all its predecessors (Kahn's algorithm, the lowest-numbered
// ready task first, so the order is canonical). Throws std::invalid_argument naming the
// tasks of a cycle when there is one.
std::vector<int> topological_order(const TaskGraph& graph);

}  // namespace mpnsim
