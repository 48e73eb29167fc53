// Hand-written plans in YAML: compute and send actions with "after" dependencies.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"
#include "sim/plan.hpp"

namespace mpnsim {

// Reads a plan: either a list of actions, or a string naming a YAML file
// (relative to the experiment file) whose top level is such a list or holds it under `plan:`.
//   - {name: s01, op: send, from: 0, to: 1, amount: 0.5}
//   - {name: c1, op: compute, on: 1, amount: 0.5, after: [s01]}
// Names must be unique; `after` names earlier or later actions; cycles are refused.
Plan read_plan(const YamlSource& src, const YAML::Node& node, const std::string& path, int processors);

}  // namespace mpnsim
