// Fuzz target: the WfCommons (WfFormat 1.4 and 1.5) JSON reader; what it accepts is a valid task graph that HEFT schedules validly.
#include "fuzz/fuzz_target.hpp"

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "sim/machine_spec.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/wfcommons_format.hpp"
#include "workloads/workload_input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  TaskGraph g;
  try {
    g = read_wfcommons(fuzz::as_text(data, size), "fuzz.json");
  } catch (const WorkloadInputError&) {
    return 0;
  }
  fuzz::note_accepted();
  if (g.size() > 2000) return 0;  // the point is the reader, not the scheduler's speed
  const Topology t = hypercube(2);
  const MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{1.0, true, kAllPorts, kAllPorts},
                                        1.0, 0.0);
  const CommCost comm(m);
  const DagProblem problem{g, m, comm};
  for (const DagSchedulerEntry& e : dag_schedulers()) {
    if (e.name != "heft" && e.name != "lps") continue;
    const ParamSet params = resolve_params(e.params, {});
    const ValidityReport r = check_schedule(problem, e.schedule(problem, params), e.rules ? e.rules(params) : ValidityRules{});
    if (!r.valid())
      throw fuzz::FuzzPropertyFailure(e.name + "'s schedule of an accepted workflow is not valid: " +
                                      r.violations.front().text);
  }
  return 0;
}
