// Building the DAG cases of bench/compare_simgrid with mpnsim's generator, schedulers and router.
#include "bench/simgrid/dag_case.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "bench/simgrid/dag_schedule_file.hpp"
#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "sim/machine_spec.hpp"
#include "sim/parameters.hpp"
#include "sim/router.hpp"
#include "topologies/registry.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim::bench {

std::string DagCase::label() const { return fmt::format("{} on the {}-cube, {} tasks", scheduler, dim, tasks); }

void write_dag_case(const DagCase& c, const std::string& path) {
  const DagSchedulerEntry* entry = find_dag_scheduler(c.scheduler);
  if (entry == nullptr) throw std::runtime_error("no DAG scheduler '" + c.scheduler + "'");
  RandomDagParams p;
  p.tasks = c.tasks;
  p.seed = c.seed;
  p.integer = false;
  const TaskGraph drawn = generate_random_dag(p);
  // SimGrid moves whole bytes: the unit makes the largest datum about 2^52 bytes, and
  // each datum is rounded to a multiple of 1 / unit, which both players then use.
  const double unit = std::ldexp(1.0, 52 - static_cast<int>(std::ceil(std::log2(p.data_max))));
  TaskGraph graph(drawn.name());
  graph.reserve(drawn.size(), drawn.edge_count());
  for (int t = 0; t < drawn.size(); ++t) graph.add_task(drawn.task(t).name, drawn.task(t).work);
  for (const auto& e : drawn.edges()) graph.add_edge(e.from, e.to, std::round(e.data * unit) / unit);
  graph.finalize();

  const Topology topology = make_topology("hypercube", {{"dim", std::to_string(c.dim)}});
  const MachineSpec machine = uniform_machine(topology.size(), topology.links(), topology.directed(),
                                              ProcessorSpec{1.0, true, kAllPorts, kAllPorts}, c.z, c.latency);
  const CommCost comm(machine);
  const DagProblem problem{graph, machine, comm};
  const Schedule schedule = entry->schedule(problem, resolve_params(entry->params, {}));

  DagScheduleFile f;
  f.family = "hypercube";
  f.family_size = c.dim;
  f.scheduler = c.scheduler;
  f.unit = unit;
  f.z = c.z;
  f.latency = c.latency;
  f.tasks.reserve(schedule.tasks.size());
  for (int t = 0; t < graph.size(); ++t) {
    const auto& s = schedule.tasks[static_cast<std::size_t>(t)];
    f.tasks.push_back({s.processor, s.start, s.finish, graph.task(t).work});
  }
  f.edges.reserve(static_cast<std::size_t>(graph.edge_count()));
  for (const auto& e : graph.edges()) f.edges.push_back({e.from, e.to, e.data});
  Router router(machine);
  for (const auto& m : schedule.messages) {
    const auto [from, to] = message_ends(graph, schedule, m);
    DagFileMessage fm{m.edge, from, to, m.depart, m.arrive, static_cast<std::uint32_t>(f.route_hops.size()), 0};
    for (int at = from; at != to; ++fm.route_length) {
      at = router.next_arc(at, to).to;
      f.route_hops.push_back(at);
    }
    f.messages.push_back(fm);
  }
  write_dag_schedule_file(f, path);
}

}  // namespace mpnsim::bench
