// mpnsim player of a DAG schedule file: the mpnsim side of bench/compare_simgrid's DAG rows.
//
// Does the same job as bench/simgrid/simgrid_dag, the way `mpnsim dag` does it:
// the task graph and the schedule as mpnsim objects (built as the file is read),
// the whole network of the file's family, then mpnsim::replay (the schedule played
// on an Engine and Machine, with link contention, keeping no timeline, as the
// command does without timeline files). Writes each task's finish time and the
// activities played (tasks + hops).
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

// The graph, the schedule and the machine built as the file is read, as `mpnsim dag` holds
// them: the file's own lists (and its routes, which the Router gives again) are never kept.
class PlayerObjects : public mpnsim::bench::DagScheduleSink {
 public:
  mpnsim::TaskGraph graph;
  mpnsim::Schedule schedule;
  mpnsim::MachineSpec machine;
  std::size_t route_hops = 0;

  // The whole network, processors with w = 1, a co-processor and a port per link.
  void header(const DagScheduleFile& head) override {
    if (head.family != "hypercube") throw std::runtime_error("unknown family '" + head.family + "' (hypercube)");
    const mpnsim::Topology t = mpnsim::make_topology(head.family, {{"dim", std::to_string(head.family_size)}});
    machine = mpnsim::uniform_machine(t.size(), t.links(), t.directed(),
                                      mpnsim::ProcessorSpec{1.0, true, mpnsim::kAllPorts, mpnsim::kAllPorts}, head.z,
                                      head.latency);
    schedule.scheduler = head.scheduler;
    schedule.processors = machine.size();
  }
  void tasks(std::size_t count) override {
    // Names T0 .. T(count - 1): at most count times the last one's length, as the generator reserves.
    const std::size_t longest = count == 0 ? 0 : 1 + std::to_string(count - 1).size();
    graph.reserve(static_cast<int>(count), 0, count * longest);
    schedule.tasks.reserve(count);
  }
  void task(const mpnsim::bench::DagFileTask& t) override {
    // The generator's names. Built by append: `"T" + std::to_string(t)` trips GCC 12's -Wrestrict false positive.
    std::string name = "T";
    name.append(std::to_string(graph.size()));
    graph.add_task(name, t.work);
    schedule.tasks.push_back({t.processor, t.start, t.finish});
  }
  void edges(std::size_t count) override { graph.reserve(graph.size(), static_cast<int>(count)); }
  void edge(const mpnsim::bench::DagFileEdge& e) override { graph.add_edge(e.from, e.to, e.data); }
  void messages(std::size_t count) override {
    graph.finalize();
    schedule.messages.reserve(count);
  }
  void message(const mpnsim::bench::DagFileMessage& m, const std::vector<int>& route) override {
    // Its processors are its tasks' (the reader checked them).
    schedule.messages.push_back({m.edge, m.depart, m.arrive});
    route_hops += route.size();
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCHEDULE_FILE RESULT_FILE\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("play_dag", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    PlayerObjects objects;
    mpnsim::bench::read_dag_schedule_file(argv[1], objects);
    clock.lap("read schedule file into graph, schedule, machine");
    const mpnsim::TaskGraph& graph = objects.graph;
    const mpnsim::Schedule& schedule = objects.schedule;
    const mpnsim::MachineSpec& machine = objects.machine;
    const std::size_t route_hops = objects.route_hops;
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
