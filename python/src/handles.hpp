// What the module's Machine and TaskGraph hold on the C++ side: YAML as the command line makes it, and graphs.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/kinds/dag/dag_setup.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::python {

// Keyword arguments as the command line's flag values: text, checked by the same readers.
using TextParams = std::vector<std::pair<std::string, std::string>>;

// A network and its parameters, as the `machine:` mapping that the command line's flags
// (--topology KIND --PARAM VALUE --w ... --recv-ports ...) build; checked when made.
struct MachineHandle {
  std::string topology;  // the family
  YAML::Node node;       // the mapping (never handed out: each use clones it)
  std::string network;   // the network's name, e.g. "hypercube(dim=3)"
  int processors = 0;
};

// Builds and checks the machine: an unknown family is refused with the valid names, a bad
// value with the message the command line gives for it.
MachineHandle make_machine(const std::string& topology, const TextParams& params);

// A task graph with what `mpnsim dag` reports of its origin: a generated graph keeps its
// workload (for degree_ratio) and the seed it was drawn with.
struct GraphHandle {
  std::shared_ptr<const TaskGraph> graph;
  DagWorkload workload;  // graph set for graphs read or built; the generator's parameters otherwise
  std::optional<std::uint64_t> graph_seed;
};

// `mpnsim dag --generate --workload KIND --PARAM VALUE ... --seed SEED`'s graph; `processors`: the
// machine's (a family that draws a cost table, topcuoglu with beta > 0, needs it), 0 without one.
GraphHandle generate_graph(const std::string& kind, const TextParams& params, std::uint64_t seed, int processors);
// `mpnsim dag --graph PATH [--graph-format FORMAT] [--costs FILE] [--dummies ...]`'s graph.
GraphHandle read_graph(const std::string& path, const std::string& format, const TextParams& params);
// A graph from task works and (from, to, data) edges, checked as the readers check files:
// ends in range, no cycle, numbers the model can use.
GraphHandle graph_from_edges(const std::vector<std::string>& names, const std::vector<double>& work,
                             const std::vector<std::tuple<int, int, double>>& edges, const std::string& name);

// t1 and the critical path of the graph alone: on one processor with w = 1 and Tcp = 1 (the
// mean of a cost table's row), without communication.
double graph_t1(const TaskGraph& graph);
double graph_critical_path(const TaskGraph& graph);

}  // namespace mpnsim::python
