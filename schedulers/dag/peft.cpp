// PEFT, Predict Earliest Finish Time (Arabnejad & Barbosa, IEEE TPDS 25(3), 2014): optimistic cost table, rank_oct, O_EFT.
// comm (comm_model.hpp): the optimistic cost table counts the contention-free mean delay, as
// the paper does; with comm: contention each processor's EFT books the messages on the links.
#include <algorithm>
#include <limits>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_tasks.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

std::vector<double> optimistic_cost_table(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int procs = problem.processors();
  const auto P = static_cast<std::size_t>(procs);
  std::vector<double> oct(static_cast<std::size_t>(g.size()) * P, 0.0);
  const std::vector<int> topo = topological_order(g);
  std::vector<double> through(P);  // OCT(s, q) + w(s, q) of the successor s at hand
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    const int t = *it;
    double* row = &oct[static_cast<std::size_t>(t) * P];
    for (int e : g.out_edges(t)) {
      const int s = g.edge(e).to;
      // OCT(t, p) = max over successors s of min over q of OCT(s, q) + w(s, q) + c(t, s),
      // c the edge's mean delay, counted only when q != p. Taking the minimum over q != p
      // over every q instead changes nothing (when q = p attains it, the term without
      // delay is smaller still), so each successor costs O(P), not O(P^2).
      double best = std::numeric_limits<double>::infinity();
      for (int q = 0; q < procs; ++q) {
        through[static_cast<std::size_t>(q)] = oct[static_cast<std::size_t>(s) * P + static_cast<std::size_t>(q)] +
                                               problem.exec_time(s, q);
        best = std::min(best, through[static_cast<std::size_t>(q)]);
      }
      const double moved = best + problem.comm.mean_delay(g.edge(e).data);
      for (std::size_t p = 0; p < P; ++p) row[p] = std::max(row[p], std::min(through[p], moved));
    }
  }
  return oct;
}

Schedule schedule_peft(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int procs = problem.processors();
  const auto P = static_cast<std::size_t>(procs);
  const std::vector<double> oct = optimistic_cost_table(problem);
  // rank_oct: the mean of the task's row of the table.
  std::vector<double> rank(static_cast<std::size_t>(g.size()), 0.0);
  for (int t = 0; t < g.size(); ++t) {
    double sum = 0;
    for (std::size_t p = 0; p < P; ++p) sum += oct[static_cast<std::size_t>(t) * P + p];
    rank[static_cast<std::size_t>(t)] = sum / static_cast<double>(procs);
  }
  const std::vector<int> pos = positions(topological_order(g));
  // Ready tasks (every predecessor placed) by decreasing rank_oct, ties to the task
  // earlier in topological order.
  ReadyTasks ready(g, rank, pos);
  ScheduleBuilder b(problem, "peft");
  while (!ready.empty()) {
    const int t = ready.pop();
    // The processor of least O_EFT = EFT + OCT (EFT with insertion); ties to the lowest index.
    int best = 0;
    double best_start = 0, best_oeft = std::numeric_limits<double>::infinity();
    for (int p = 0; p < procs; ++p) {
      const double start = b.insertion_start(t, p);
      const double oeft = start + problem.exec_time(t, p) + oct[static_cast<std::size_t>(t) * P + static_cast<std::size_t>(p)];
      if (oeft < best_oeft) {
        best_oeft = oeft;
        best_start = start;
        best = p;
      }
    }
    b.place(t, best, best_start);
    ready.release(t);
  }
  return b.take();
}

DagSchedulerEntry peft_scheduler() {
  return {"peft",
          "Predict Earliest Finish Time (Arabnejad & Barbosa 2014): tasks by rank_oct, the mean of the optimistic "
          "cost table; the processor of least EFT + OCT, with insertion",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_peft(p); },
          {}};
}

}  // namespace mpnsim
