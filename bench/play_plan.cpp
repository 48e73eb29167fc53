// mpnsim player of a benchmark plan file: the mpnsim side of bench/compare_simgrid.
//
// Does the same job as bench/simgrid/simgrid_scatter: read the plan, build the
// network (the whole hypercube or star, as `mpnsim dlt` would), play the plan
// on an Engine and Machine (one send and one receive port, co-processors),
// write each processor's finish time and the event count.
//
// With --tree-links the machine has only the links the plan uses, like the
// SimGrid platform, instead of the whole hypercube or star.
//
// Usage: play_plan PLAN_FILE RESULT_FILE [--tree-links]
#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bench/simgrid/plan_file.hpp"
#include "bench/simgrid/player_main.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/machine_spec.hpp"
#include "sim/plan.hpp"
#include "topologies/registry.hpp"

namespace {

using mpnsim::bench::PlanFile;
using mpnsim::bench::PlayResult;

// The whole network of the plan's family, or (tree_links) only the links the
// plan uses, which is what the SimGrid player builds.
mpnsim::MachineSpec machine_for(const PlanFile& plan, bool tree_links) {
  const int n = static_cast<int>(plan.nodes.size());
  std::vector<std::pair<int, int>> links;
  if (tree_links) {
    links.reserve(plan.nodes.size());
    for (int parent : plan.order)
      for (const auto& [child, bytes] : plan.nodes[static_cast<std::size_t>(parent)].children)
        links.emplace_back(std::min(parent, child), std::max(parent, child));
  } else {
    const std::string key = plan.family == "hypercube" ? "dim" : "n";
    const mpnsim::Topology topology =
        mpnsim::make_topology(plan.family, {{key, std::to_string(plan.family_size)}});
    if (topology.size() != n)
      throw std::runtime_error("the plan has " + std::to_string(n) + " nodes but " + topology.name() + " has " +
                               std::to_string(topology.size()) + " processors");
    links = topology.links();
  }
  mpnsim::ProcessorSpec processor;
  processor.w = 1.0 / plan.speed;
  processor.coprocessor = true;
  processor.send_ports = 1;
  processor.recv_ports = 1;
  return mpnsim::uniform_machine(n, links, false, processor, 1.0 / plan.bandwidth, plan.latency);
}

// The plan file's tree as an mpnsim Plan: a processor computes once its
// message has arrived and sends to its children one after the other.
mpnsim::Plan plan_for(const PlanFile& file) {
  mpnsim::Plan plan;
  plan.actions.reserve(2 * file.nodes.size());
  std::vector<int> received(file.nodes.size(), -1);
  for (int id : file.order) {
    const auto& node = file.nodes[static_cast<std::size_t>(id)];
    const int in = received[static_cast<std::size_t>(id)];
    const mpnsim::DependencyList base = in >= 0 ? mpnsim::DependencyList{in} : mpnsim::DependencyList{};
    plan.add_compute(id, node.compute, {}, base);
    mpnsim::DependencyList after = base;
    for (const auto& [child, bytes] : node.children) {
      const int send = plan.add_send(id, child, static_cast<double>(bytes), {}, after);
      received[static_cast<std::size_t>(child)] = send;
      after = {send};
    }
  }
  return plan;
}

}  // namespace

int main(int argc, char** argv) {
  const bool tree_links = argc == 4 && std::string(argv[3]) == "--tree-links";
  if (argc != 3 && !tree_links) {
    std::fprintf(stderr, "usage: %s PLAN_FILE RESULT_FILE [--tree-links]\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("play_plan", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    mpnsim::MachineSpec spec;
    mpnsim::Plan plan;
    {
      const PlanFile file = mpnsim::bench::read_plan_file(argv[1]);
      clock.lap("read plan file");
      spec = machine_for(file, tree_links);
      clock.lap("topology and machine spec");
      plan = plan_for(file);
      clock.lap("Plan");
    }
    // The file's per-node lists are not needed any more: give their pages back
    // before the machine is built and the plan played.
    malloc_trim(0);
    mpnsim::Engine engine;
    mpnsim::Machine machine(engine, std::move(spec));
    clock.lap("Machine (router, resources)");
    mpnsim::play(plan, machine);
    clock.lap("play (validate, engine run)");
    PlayResult result;
    result.events = engine.events_run();
    result.finish.assign(static_cast<std::size_t>(machine.size()), 0.0);
    for (const auto& c : machine.timeline().computes())
      result.finish[static_cast<std::size_t>(c.processor)] = c.end;
    return result;
  });
}
