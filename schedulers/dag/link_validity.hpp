// The link rules of the validity checker, for schedules that book every hop (contention-aware).
#pragma once

#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"
#include "schedulers/dag/schedule_validity.hpp"

namespace mpnsim {

// Appends to `out` every breach of the engine's rules by the schedule's hops: each message
// goes link by link from its producer's processor to its consumer's, each hop lasting its
// link's S + d * z * Tcm and starting after the previous hop (the first after the
// producer); at most one hop per link direction at a time; at most send_ports hops leaving
// and recv_ports hops entering a processor at once; and a processor without a co-processor
// never computes and communicates at once. `placed[t]`: task t has a processor and times.
void check_link_rules(const DagProblem& problem, const Schedule& s, const std::vector<bool>& placed,
                      std::vector<Violation>& out);

}  // namespace mpnsim
