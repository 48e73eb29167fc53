// Per-workflow and per-stream figures of an online run: turnaround, slowdown, fairness, use.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/online/workflow_stream.hpp"

namespace mpnsim {

struct WorkflowFigures {
  int workflow = 0;
  std::string name;
  int tasks = 0;
  double arrival = 0;
  double start = 0;           // its first task's start
  double finish = 0;          // its last task's finish
  double makespan = 0;        // finish - arrival: the turnaround time
  double makespan_alone = 0;  // the same policy's makespan of the workflow alone on the empty machine
  double slowdown = 0;        // makespan / makespan_alone (Zhao & Sakellariou 2006); 1 when both are 0
  double ttr = 0;             // turnaround time ratio: makespan / its critical path of least execution times (Arabnejad & Barbosa 2012)
};

struct StreamFigures {
  double mean_slowdown = 0;
  double p95_slowdown = 0;  // nearest rank: the ceil(0.95 n)-th smallest
  double unfairness = 0;    // sum over workflows of |S_i - mean S| (Zhao & Sakellariou 2006)
  double mean_ttr = 0;
  double span = 0;          // last finish - first arrival
  double utilisation = 0;   // busy time of the processors / (processors x span)
  double link_utilisation = 0;  // busy time of the link directions / (link directions x span)
  double throughput = 0;    // workflows per time unit over the span
};

// Longest path of the tasks [first, last) with each task on its fastest processor and free
// messages: the denominator of TTR.
double least_critical_path(const DagProblem& problem, int first, int last);
// The same along `order`, a topological order of (at least) those tasks.
double least_critical_path(const DagProblem& problem, int first, int last, std::span<const int> order);

// The figures of each workflow, from each task's start and finish (the replay's), and
// `alone` (each workflow's makespan alone).
std::vector<WorkflowFigures> workflow_figures(const DagProblem& problem, const WorkflowStream& stream,
                                              std::span<const double> start, std::span<const double> finish,
                                              std::span<const double> alone);
// `busy`: the processors' total busy time (computation); `link_busy`: the links' (each hop
// holds one link direction for its duration), over `link_directions` (two per undirected link).
StreamFigures stream_figures(std::span<const WorkflowFigures> workflows, double busy, int processors,
                             double link_busy = 0, int link_directions = 0);

}  // namespace mpnsim
