// The one validity checker of DAG schedules: precedence with communication, no overlap, minimum distance.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

struct ValidityRules {
  // When set, every task runs within this many hops of the processor of one of its
  // predecessors, and an entry task within this many hops of `entry_processor`
  // (LPS's minimum-distance processor set, thesis §6.3).
  std::optional<int> max_hops_from_predecessor;
  int entry_processor = 0;
};

enum class ViolationKind {
  unplaced,         // a task without a processor (or the schedule's size is wrong)
  duration,         // finish - start is not the task's execution time on its processor
  precedence,       // same processor: a task starts before its predecessor finishes
  missing_message,  // different processors, but no message carries the edge's data
  stray_message,    // a message for no edge, for an edge whose tasks share a processor,
                    // between the wrong processors, or twice for one edge
  early_departure,  // a message leaves before its producer finishes
  fast_message,     // a message arrives sooner than its route's delay allows
  early_start,      // a task starts before one of its messages arrives
  overlap,          // two tasks of one processor overlap in time
  distance,         // the minimum-distance rule is broken
  // Contention-aware schedules (Schedule::contention_aware), which book every hop:
  route,            // a message's hops do not go link by link from the producer's to the consumer's processor,
                    // or a hop's length is not its link's S + d * z * Tcm
  hop_order,        // a hop starts before the previous hop of its message ends
  link_busy,        // two hops on one link direction at once
  ports,            // more hops at once out of (or into) a processor than it has send (receive) ports
};

const char* to_string(ViolationKind kind);

struct Violation {
  ViolationKind kind;
  std::string text;  // names the tasks, processors and times involved
};

struct ValidityReport {
  std::vector<Violation> violations;
  bool valid() const { return violations.empty(); }
  bool has(ViolationKind kind) const;
};

// Checks a schedule against its problem. Times compare with the shared tolerance
// (sim/time_tolerance.hpp). Throws std::invalid_argument when the graph's cost table does
// not fit the machine. `order`, when given, is schedule.processor_order(), made once by a
// caller that replays the schedule too (the sort is a few per cent of `mpnsim dag`).
ValidityReport check_schedule(const DagProblem& problem, const Schedule& schedule, const ValidityRules& rules = {},
                              const ProcessorOrder* order = nullptr);

}  // namespace mpnsim
