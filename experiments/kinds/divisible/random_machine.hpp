// `random_machine:` of a divisible experiment: a fresh heterogeneous machine drawn per repetition.
#pragma once

#include <cstdint>
#include <optional>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"
#include "sim/machine_spec.hpp"

namespace mpnsim {

// Every processor's w and every link's z and S drawn uniformly from [lo, hi] (a range given
// as [lo, hi]; a range left out keeps the machine's own values). The draw depends on the
// experiment's seed and the repetition only, so every point of one repetition (fifo, lifo,
// best, ...) sees the same instance and `compare:` pairs runs instance by instance, while the
// repetitions are distinct random instances.
struct RandomMachine {
  struct Range {
    double lo = 0, hi = 0;
  };
  std::optional<Range> w, z, S;
};

// Reads `random_machine: {w: [lo, hi], z: [lo, hi], S: [lo, hi]}` (InputError at the key:
// w needs 0 < lo <= hi, z and S 0 <= lo <= hi, all finite).
RandomMachine read_random_machine(const YamlSource& src, const YAML::Node& node);

// `base` with the drawn values of repetition `repetition` under `seed`.
MachineSpec draw_machine(const RandomMachine& r, const MachineSpec& base, std::uint64_t seed, int repetition);

}  // namespace mpnsim
