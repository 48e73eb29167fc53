// mpnsim player of a DAG schedule file: the mpnsim side of bench/compare_simgrid's DAG rows.
//
// Does the same job as bench/simgrid/simgrid_dag, the way `mpnsim dag` does it:
// the task graph and the schedule as mpnsim objects, the whole network of the
// file's family, then mpnsim::replay (the replay plan played on an Engine and
// Machine, with link contention, and the timeline summarized). Writes each
// task's finish time and the activities played (tasks + hops).
//
// Usage: play_dag SCHEDULE_FILE RESULT_FILE
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include "bench/simgrid/dag_schedule_file.hpp"
#include "bench/simgrid/plan_file.hpp"
#include "bench/simgrid/player_main.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/schedule.hpp"
#include "sim/machine_spec.hpp"
#include "topologies/registry.hpp"
#include "workloads/dag/task_graph.hpp"

namespace {

using mpnsim::bench::DagScheduleFile;

mpnsim::TaskGraph graph_of(const DagScheduleFile& f) {
  mpnsim::TaskGraph g;
  g.reserve(static_cast<int>(f.tasks.size()), static_cast<int>(f.edges.size()));
  for (std::size_t t = 0; t < f.tasks.size(); ++t) {
    // The generator's names. Built by append: `"T" + std::to_string(t)` trips GCC 12's -Wrestrict false positive.
    std::string name = "T";
    name.append(std::to_string(t));
    g.add_task(name, f.tasks[t].work);
  }
  for (const auto& e : f.edges) g.add_edge(e.from, e.to, e.data);
  g.finalize();
  return g;
}

mpnsim::Schedule schedule_of(const DagScheduleFile& f, int processors) {
  mpnsim::Schedule s;
  s.scheduler = f.scheduler;
  s.processors = processors;
  s.tasks.reserve(f.tasks.size());
  for (const auto& t : f.tasks) s.tasks.push_back({t.processor, t.start, t.finish});
  s.messages.reserve(f.messages.size());
  for (const auto& m : f.messages) s.messages.push_back({m.edge, m.from, m.to, m.depart, m.arrive});
  return s;
}

// The whole network, processors with w = 1, a co-processor and a port per link.
mpnsim::MachineSpec machine_of(const DagScheduleFile& f) {
  if (f.family != "hypercube") throw std::runtime_error("unknown family '" + f.family + "' (hypercube)");
  const mpnsim::Topology t = mpnsim::make_topology(f.family, {{"dim", std::to_string(f.family_size)}});
  return mpnsim::uniform_machine(t.size(), t.links(), t.directed(),
                                 mpnsim::ProcessorSpec{1.0, true, mpnsim::kAllPorts, mpnsim::kAllPorts}, f.z,
                                 f.latency);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCHEDULE_FILE RESULT_FILE\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("play_dag", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    mpnsim::TaskGraph graph;
    mpnsim::Schedule schedule;
    mpnsim::MachineSpec machine;
    std::size_t route_hops = 0;
    {
      const DagScheduleFile file = mpnsim::bench::read_dag_schedule_file(argv[1]);
      clock.lap("read schedule file");
      machine = machine_of(file);
      graph = graph_of(file);
      schedule = schedule_of(file, machine.size());
      route_hops = file.route_hops.size();
      clock.lap("graph, schedule, machine");
    }
    // As `mpnsim dag` replays when no timeline file is asked for: the figures, no records.
    const mpnsim::DagReplay r = mpnsim::replay(graph, schedule, machine, false);
    clock.lap("replay (plan, engine run)");
    // The file's routes are the Router's; the hop counts must match.
    if (r.hops != route_hops)
      throw std::runtime_error("the replay made " + std::to_string(r.hops) + " hops, the file's routes " +
                               std::to_string(route_hops));
    mpnsim::bench::PlayResult result;
    result.events = static_cast<std::uint64_t>(graph.size()) + r.hops;
    result.finish = r.finish;
    result.estimate = schedule.makespan();
    for (std::size_t t = 0; t < r.finish.size(); ++t)
      result.delayed += r.finish[t] > schedule.tasks[t].finish * (1 + 1e-12) ? 1 : 0;
    return result;
  });
}
