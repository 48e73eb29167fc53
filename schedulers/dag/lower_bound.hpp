// A cheap lower bound on the makespan of any schedule of a task graph on a machine.
#pragma once

#include <vector>

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

// Each component bounds the length of every schedule the run can produce: every allocation
// and order, under `comm: free` (the formula's route delays) and therefore also under
// `comm: contention` and in the engine's replay, which only add waits (a shared link, a port,
// a CPU busy with a message without a co-processor) and never shorten a task or a hop. No
// task is duplicated in an mpnsim schedule; the bounds rely on that.
struct DagLowerBound {
  double critical_path = 0;       // longest path of minimum execution times, no communication
  double communication_path = 0;  // the same with the communication that cannot be avoided
  double work = 0;                // work over the processors
  double spread = 0;              // a connected part on one processor or a message in it (cost tables; else 0)
  double merge = 0;               // tasks that costly messages keep together, one after another
  double density = 0;             // work that must fall inside an interval (Fernandez & Bussell)
  double value = 0;               // the largest of them
};

DagLowerBound dag_lower_bound(const DagProblem& problem);

// The pieces, for the tests and for slr. Each is a lower bound on its own.

// Each task's least execution time over the processors.
std::vector<double> min_exec_times(const DagProblem& problem);

// The longest path when every task takes its least execution time and messages are free: the
// denominator of the schedule length ratio (Topcuoglu, Hariri & Wu 2002).
double min_cost_critical_path(const DagProblem& problem);

// The least time any message of `data` units between two distinct processors takes: every
// route has at least one hop, and a hop costs S + data * z * Tcm on its link (infinite on one
// processor, where no message can leave).
double min_message_time(const MachineSpec& machine, double data);

// Per task: `start`, no schedule starts it sooner; `tail`, no schedule ends sooner than
// `tail` after it finishes; `exec`, its least execution time. Computed with the communication
// no schedule avoids: for each task, whichever of its predecessors share its processor run one
// after another there, and the others' data crosses a link (Al-Mouhamed, IEEE TSE 16(12),
// 1990; the tail is the same argument on the successors, backwards).
struct TaskWindows {
  std::vector<double> exec, start, tail;
};
TaskWindows task_windows(const DagProblem& problem);

// max over tasks of start + exec + tail.
double communication_path_bound(const TaskWindows& windows);

// The communication path conditioned on a reference task: every task either shares the
// reference's processor or not, and a neighbour's message is unavoidable whenever the two sit
// on different sides. Starts and tails are computed for both sides; the bound is the largest
// over tasks of the lesser of the two sides' start + exec + tail. A fork's branches that leave
// it pay a message into a join on its processor, which the unconditioned split cannot see.
// Raises `windows` where a side's bound does (every schedule puts the task on one side). Also
// the load of the two sides: the reference's processor from its side's least start to its least
// tail, and the P - 1 others likewise for the other side, must hold the whole work.
double colocation_bound(const DagProblem& problem, TaskWindows& windows, int reference);

// Each weakly connected part of the graph either runs wholly on one processor, one task after
// another, or has an edge between two processors, whose message then lies on a path: the bound
// is, for every part, the lesser of its least time on one processor and its least path through
// a message (start + exec of the producer, the least message, exec + tail of the consumer).
// Strong when messages cost more than the work they would spread.
double spread_bound(const DagProblem& problem, const TaskWindows& windows);

// Clustering, the spread bound refined: a schedule of length T keeps on one processor the two
// tasks of every edge whose message, on the least path through it (start + exec of the producer,
// the least message, exec + tail of the consumer), would end past T. The sets so glued run one
// task after another, from their least start to their least tail; the least T consistent with
// that, over the edges by decreasing cost of crossing. `known` is a proven bound; the result is
// at least `known`. Strong when messages cost more than the work they would spread.
double merge_bound(const DagProblem& problem, const TaskWindows& windows, double known);

// Work over processors: with a cost table, the sum of each task's least time over P; with
// related processors (times work * w_p * Tcp), the k largest works can at best share the k
// fastest processors, for every k (the bound of uniform machines, Q||Cmax).
double work_bound(const DagProblem& problem);

// Fernandez & Bussell (IEEE TC 22(8), 1973): in an interval [a, T - b] every task must run at
// least the part of it that its window [start, T - tail] forces inside, and P processors give
// at most P (T - b - a) of time there. `known` is a proven bound (T >= known); the result
// is at least `known`. Intervals from the tasks' starts and tails, at most about
// `evaluations` task visits in all (the candidates are thinned evenly past that).
double density_bound(const TaskWindows& windows, int processors, double known,
                     double evaluations = 1e6);

}  // namespace mpnsim
