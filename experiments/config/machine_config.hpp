// The `machine:` section of an experiment: topology, processors, links, time scales.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"
#include "sim/machine_spec.hpp"
#include "topologies/registry.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

struct MachineConfig {
  Topology topology;
  MachineSpec spec;
};

// Reads a topology mapping `{kind: NAME, PARAM: VALUE, ...}` against the family's declaration.
Topology read_topology(const YamlSource& src, const YAML::Node& node, const std::string& path);

// Checks the same mapping without building the network: parameters against the
// declaration and the size against the limits. Gives the size it would have.
TopologySize check_topology(const YamlSource& src, const YAML::Node& node, const std::string& path);

// Reads
//   machine:
//     topology: {kind: chain, n: 3}
//     Tcp: 1
//     Tcm: 1
//     processor: {w: 1, coprocessor: true, send_ports: 1, recv_ports: 1}   # every processor
//     processors: [{id: 2, w: 0.5}]                                       # per-processor values
//     link: {z: 1, S: 0}                                                  # every link
//     links: [{between: [0, 1], z: 2}, {at: 3, S: 0.1}]                   # per-link values; `at`: every link of a processor
MachineConfig read_machine(const YamlSource& src, const YAML::Node& node, const std::string& path);

// The declared parameters of processors and links (for `mpnsim list` and the YAML checks).
const std::vector<ParamSpec>& processor_params();
const std::vector<ParamSpec>& link_params();
// The machine's own keys Tcp and Tcm, as `mpnsim list` prints them (read_machine reads them).
const std::vector<ParamSpec>& machine_scale_params();

}  // namespace mpnsim
