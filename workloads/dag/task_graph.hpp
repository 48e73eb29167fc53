// A task DAG: tasks with work, directed edges with data sizes (thesis §6.1, SPEC §5).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "workloads/dag/cost_table.hpp"
#include "workloads/dag/edge_lists.hpp"
#include "workloads/dag/name_arena.hpp"

namespace mpnsim {

// One task of a graph: a view of its name (into the graph's name arena, so valid until the
// graph gets a task or a reserve, or is destroyed) and its work.
struct DagTask {
  std::string_view name;
  double work = 0;  // execution time on a processor with w = 1, Tcp = 1 (unused with a cost table)
};

struct DagEdge {
  int from = 0;
  int to = 0;
  double data = 0;  // units moved from `from` to `to` when they run on different processors
};

// Tasks are numbered 0..size()-1 in the order they were added; edges likewise.
// Acyclicity is not enforced here: readers and generators check it (dag_cycle.hpp).
//
// Stored compactly for graphs of 10^5-10^6 tasks: the names end to end in one buffer, the works
// in one array, the edges in one array, and the edges of each task (leaving and entering) as
// two CSR arrays (edge_lists.hpp). Those lists are built by finalize(), in O(tasks + edges),
// after the last add_edge: every producer (reader, generator, test) calls it, and out_edges /
// in_edges throw std::logic_error on a graph with edges added since. An explicit step rather than
// a lazy rebuild because const graphs are shared between threads (no mutable cache in a const
// method), and rather than keeping the lists exact on every add_edge because an edge added to an
// early task would move all the later lists.
class TaskGraph {
 public:
  explicit TaskGraph(std::string name = {}) : name_(std::move(name)) {}

  // Room for this many tasks, edges and bytes of task names (an estimate is fine).
  void reserve(int tasks, int edges, std::size_t name_chars = 0);
  // Throws std::logic_error once a cost table is attached (its rows are the tasks).
  // Keeps a finalized graph finalized (the new task has no edges).
  int add_task(std::string_view name, double work);
  // Throws std::out_of_range when an end is not a task. Until finalize(), the edge lists are stale.
  int add_edge(int from, int to, double data);
  // Lists every edge under both its tasks, in the order the edges were added. Nothing to do
  // when no edge was added since the last call.
  void finalize();
  bool finalized() const { return finalized_; }

  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  int size() const { return static_cast<int>(work_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }
  DagTask task(int i) const { return {names_[i], work_[static_cast<std::size_t>(i)]}; }
  double work(int i) const { return work_[static_cast<std::size_t>(i)]; }
  std::span<const double> works() const { return work_; }  // work(i) for every task i
  const DagEdge& edge(int e) const { return edges_[static_cast<std::size_t>(e)]; }
  const std::vector<DagEdge>& edges() const { return edges_; }
  // Indices of the edges leaving / entering a task, in the order they were added.
  // Throw std::logic_error when edges were added after the last finalize().
  std::span<const int> out_edges(int task) const {
    if (!finalized_) [[unlikely]] throw_not_finalized();
    return out_.of(task);
  }
  std::span<const int> in_edges(int task) const {
    if (!finalized_) [[unlikely]] throw_not_finalized();
    return in_.of(task);
  }
  // Cache hints (nothing visible changes) for a task whose in-edges will be read soon: the
  // place of its list, then, a little later, the list itself. On a finalized graph.
  void prefetch_in_place(int task) const { in_.prefetch_place(task); }
  void prefetch_in_list(int task) const { in_.prefetch_list(task); }

  double total_work() const;
  double total_data() const;
  void set_work(int task, double work) { work_[static_cast<std::size_t>(task)] = work; }
  // Multiplies every edge's data by `factor` (used to set an execution/communication ratio).
  void scale_data(double factor);

  // Attaches a table of execution times, one row per task in task order (the
  // heterogeneous model: task t takes W[t][p] on processor p instead of work * w_p * Tcp).
  // Throws std::invalid_argument when its rows are not the graph's tasks.
  void set_costs(CostTable costs);
  // The attached table, or nullptr.
  const CostTable* costs() const { return costs_.processors() > 0 ? &costs_ : nullptr; }

 private:
  [[noreturn]] void throw_not_finalized() const;

  std::string name_;
  NameArena names_;
  std::vector<double> work_;
  std::vector<DagEdge> edges_;
  EdgeLists out_, in_;
  bool finalized_ = true;  // out_ and in_ list every edge
  CostTable costs_;        // no processors: none attached
};

// Every task once, each after all its predecessors (Kahn's algorithm, the lowest-numbered
// ready task first, so the order is canonical). Throws std::invalid_argument naming the
// tasks of a cycle when there is one.
std::vector<int> topological_order(const TaskGraph& graph);

}  // namespace mpnsim
