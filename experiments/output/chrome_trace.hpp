// Chrome trace JSON of a timeline (opens in Perfetto): a track per processor and per link direction.
#pragma once

#include <ostream>
#include <string>

#include "experiments/output/task_groups.hpp"
#include "sim/machine_spec.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

// One simulated time unit is shown as one second (trace timestamps are in
// microseconds). Processors are threads of process 1 carrying their
// computations, link directions threads of process 2 carrying the messages:
// neither kind of track ever holds two overlapping slices.
// With `groups` (a stream's workflows), a computation of group g has the group's name as its
// category (`cat`) and in its args (`group`), and a colour of its own (`cname`, which Chrome's
// trace viewer honours; Perfetto colours by name, and the names start with the workflow's).
std::string chrome_trace_json(const Timeline& timeline, const MachineSpec& machine, const TaskGroups* groups = nullptr);
// The same bytes, written event by event: only one event is ever held, where the whole
// document took about 10 kB a task (1 GB for 10^5 tasks).
void write_chrome_trace(const Timeline& timeline, const MachineSpec& machine, std::ostream& out,
                        const TaskGroups* groups = nullptr);

}  // namespace mpnsim
