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

#include "bench/simgrid/dag_player_objects.hpp"
#include "bench/simgrid/dag_schedule_file.hpp"
#include "bench/simgrid/plan_file.hpp"
#include "bench/simgrid/player_main.hpp"
#include "schedulers/dag/dag_replay.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCHEDULE_FILE RESULT_FILE\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("play_dag", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    mpnsim::bench::DagPlayerObjects objects;
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
