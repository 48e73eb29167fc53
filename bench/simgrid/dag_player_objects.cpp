// Reading a DAG schedule file into a TaskGraph, a Schedule and a MachineSpec (dag_player_objects.hpp).
#include "bench/simgrid/dag_player_objects.hpp"

#include <charconv>
#include <stdexcept>
#include <string>

#include "topologies/registry.hpp"

namespace mpnsim::bench {

void DagPlayerObjects::header(const DagScheduleFile& head) {
  if (head.family != "hypercube") throw std::runtime_error("unknown family '" + head.family + "' (hypercube)");
  const Topology t = make_topology(head.family, {{"dim", std::to_string(head.family_size)}});
  machine = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{1.0, true, kAllPorts, kAllPorts}, head.z,
                            head.latency);
  schedule.scheduler = head.scheduler;
  schedule.processors = machine.size();
}

void DagPlayerObjects::tasks(std::size_t count) {
  // Names T0 .. T(count - 1): at most count times the last one's length, as the generator reserves.
  const std::size_t longest = count == 0 ? 0 : 1 + std::to_string(count - 1).size();
  graph.reserve(static_cast<int>(count), 0, count * longest);
  schedule.tasks.reserve(count);
}

void DagPlayerObjects::task(const DagFileTask& t) {
  // The generator's names, made in place: a std::string made and freed for each was a tenth of
  // the sink's instructions.
  char name[16] = {'T'};
  graph.add_task(std::string_view(name, std::to_chars(name + 1, name + sizeof name, graph.size()).ptr), t.work);
  schedule.tasks.push_back({t.processor, t.start, t.finish});
}

void DagPlayerObjects::edges(std::size_t count) { graph.reserve(graph.size(), static_cast<int>(count)); }

void DagPlayerObjects::edge(const DagFileEdge& e) { graph.add_edge(e.from, e.to, e.data); }

void DagPlayerObjects::messages(std::size_t count) {
  graph.finalize();
  schedule.messages.reserve(count);
}

void DagPlayerObjects::message(const DagFileMessage& m, const std::vector<int>& route) {
  // Its processors are its tasks' (the reader checked them).
  schedule.messages.push_back({m.edge, m.depart, m.arrive});
  route_hops += route.size();
}

}  // namespace mpnsim::bench
