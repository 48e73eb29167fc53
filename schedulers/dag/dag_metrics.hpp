// Figures of merit of a DAG schedule (thesis §6.1): length, speedup t1/tN, efficiency, LIF.
#pragma once

#include <cstddef>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

struct DagMetrics {
  double makespan = 0;    // t_N, the schedule length
  double t1 = 0;          // the whole graph on the single processor that runs it soonest
  double speedup = 0;     // S(N) = t1 / t_N
  double efficiency = 0;  // E(N) = S(N) / N, N every processor of the network
  double lif = 0;         // load imbalance factor of the processors' busy times, percent
  double critical_path = 0;  // longest path of execution times (mean processor), no communication
  std::vector<double> busy;  // per processor
};

DagMetrics schedule_metrics(const DagProblem& problem, const Schedule& schedule);

// Number of pairs of messages that would use one link direction at overlapping times if
// each hop took S + d*z*Tcm right after the previous one: 0 means the replay on the
// engine meets no link contention and reproduces the schedule's times. A contention-aware
// schedule's own bookings are counted instead (0 when it is valid). The hops are held in groups
// of link directions of at most hops_at_once hops (16 bytes each), each group a pass over the
// messages' routes; the count is the same for any size. By default (0) a group holds
// kConflictHopsAtOnce hops, or a kConflictGroups-th of all the hops when that is more, so that
// the passes stay few on any graph (fewer than 2 * kConflictGroups + 1 groups: two groups in a
// row hold more than a group's size, or the first would have taken the second's first channel),
// or as many as fit in the room under the process's peak resident set (resident_room.hpp),
// when that is more still.
inline constexpr std::size_t kConflictHopsAtOnce = std::size_t{1} << 21;
inline constexpr std::size_t kConflictGroups = 4;
long long estimated_link_conflicts(const DagProblem& problem, const Schedule& schedule, std::size_t hops_at_once = 0);

}  // namespace mpnsim
