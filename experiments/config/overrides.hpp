// Command-line overrides (--set, --seed, --repetitions): their values parsed, and aimed at the experiments of a file.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/experiment_spec.hpp"

namespace mpnsim {

// The override's value as YAML. Throws InputError naming the override when it
// is not valid YAML ("--set topology={kind: let").
YAML::Node override_value(const Override& o);

// One experiment of a file, as far as aiming overrides needs it.
struct OverrideTarget {
  std::string name;
  std::string kind;
};

// The overrides each experiment gets, in the order of `targets`. KEY=VALUE goes
// to every experiment whose kind takes KEY's first part (all of them when
// `kind_keys` is empty); EXPERIMENT.KEY=VALUE to that experiment alone, with
// KEY. An override that reaches no experiment is an InputError that names the
// experiments and the nearest key. Values are checked to be YAML here.
std::vector<std::vector<Override>> aim_overrides(const std::string& file, const std::vector<Override>& overrides,
                                                 const std::vector<OverrideTarget>& targets, bool suite,
                                                 const KindKeys& kind_keys);

}  // namespace mpnsim
