// Fuzz target: every DAG scheduler on every graph the DOT or STG reader accepts; the schedules must be valid.
#include "fuzz/fuzz_target.hpp"

#include <array>

#include <fmt/format.h>

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "sim/machine_spec.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/stg_format.hpp"
#include "workloads/workload_input_error.hpp"

namespace {

// Small graphs only: the point is the schedulers' arithmetic, not their speed.
constexpr int kMaxTasks = 300;

std::uint64_t hash_of(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const std::string_view text = fuzz::as_text(data, size);
  const bool dot = text.find("digraph") != std::string_view::npos;
  TaskGraph g;
  try {
    g = dot ? read_dot(text, "fuzz.dot") : read_stg(text, "fuzz.stg");
  } catch (const WorkloadInputError&) {
    return 0;
  }
  if (g.size() > kMaxTasks) return 0;
  fuzz::note_accepted();
  // The machine is drawn from the input, so the same input always meets the same machine.
  const std::uint64_t h = hash_of(text);
  const std::array<Topology, 3> networks{chain(2), linearly_extensible_tree(2), hypercube(2)};
  const Topology& t = networks[h % 3];
  const std::array<double, 4> zs{0.0, 1e-3, 0.5, 3.0}, startups{0.0, 0.1, 0.0, 5.0}, ws{1.0, 0.25, 3.0, 1e-6};
  // Half the inputs are scheduled contention-aware, on one, two or all ports, with or
  // without co-processors, by either route choice; those plans must also be their replay.
  const bool contention = ((h >> 10) & 1) != 0;
  const std::array<int, 3> ports{1, 2, kAllPorts};
  const int port = contention ? ports[(h >> 11) % 3] : kAllPorts;
  const bool coprocessor = !contention || ((h >> 13) & 1) != 0;
  const MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(),
                                        ProcessorSpec{ws[(h >> 8) % 4], coprocessor, port, port}, zs[(h >> 4) % 4],
                                        startups[(h >> 6) % 4]);
  const CommCost comm(m);
  const DagProblem problem{g, m, comm};
  const std::vector<std::pair<std::string, std::string>> given{
      {"comm", contention ? "contention" : "free"}, {"route", ((h >> 14) & 1) != 0 ? "earliest" : "engine"}};
  for (const DagSchedulerEntry& e : dag_schedulers()) {
    const ParamSet params = resolve_params(e.params, given);
    const Schedule s = e.schedule(problem, params);
    const ValidityReport r = check_schedule(problem, s, e.rules ? e.rules(params) : ValidityRules{});
    if (!r.valid())
      throw fuzz::FuzzPropertyFailure(e.name + "'s schedule on " + t.name() + " is not valid: " +
                                      std::string(to_string(r.violations.front().kind)) + ": " +
                                      r.violations.front().text);
    if (!s.contention_aware) continue;
    const DagReplay played = replay(g, s, m);
    for (int task = 0; task < g.size(); ++task)
      if (!times_equal(played.finish[static_cast<std::size_t>(task)], s.tasks[static_cast<std::size_t>(task)].finish))
        throw fuzz::FuzzPropertyFailure(fmt::format(
            "{}'s contention-aware plan on {} (ports {}, co-processor {}) is not its replay: {} finishes at {} in the "
            "plan, {} in the replay", e.name, t.name(), port, coprocessor, g.task(task).name,
            s.tasks[static_cast<std::size_t>(task)].finish, played.finish[static_cast<std::size_t>(task)]));
  }
  return 0;
}
