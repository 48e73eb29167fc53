// Reading `random_machine:` and drawing a machine per repetition (splitmix64, the same bytes on every platform).
#include "experiments/kinds/divisible/random_machine.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace mpnsim {

namespace {

// splitmix64 (Steele, Lea & Flood 2014): a fixed generator, so that a seed gives the same
// machines with any standard library (std::uniform_real_distribution's output is not specified).
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {  // 53 random bits in [0, 1)
    return lo + static_cast<double>(next() >> 11) * 0x1.0p-53 * (hi - lo);
  }
};

}  // namespace

RandomMachine read_random_machine(const YamlSource& src, const YAML::Node& node) {
  src.require_map(node, "random_machine");
  const std::vector<std::string> keys{"w", "z", "S"};
  src.check_keys(node, "random_machine", keys);
  RandomMachine r;
  const double big = std::numeric_limits<double>::max();
  auto range = [&](const char* name, bool positive) -> std::optional<RandomMachine::Range> {
    const YAML::Node n = node[name];
    if (!n) return std::nullopt;
    const std::string key = fmt::format("random_machine.{}", name);
    if (!n.IsSequence() || n.size() != 2)
      src.fail(n, key, "expected a range [lo, hi]");
    const double lo = src.number(n[0], key + "[0]", positive ? std::numeric_limits<double>::min() : 0, big);
    const double hi = src.number(n[1], key + "[1]", lo, big);
    return RandomMachine::Range{lo, hi};
  };
  r.w = range("w", true);
  r.z = range("z", false);
  r.S = range("S", false);
  if (!r.w && !r.z && !r.S) src.fail(node, "random_machine", "expected at least one of w, z, S to draw");
  return r;
}

MachineSpec draw_machine(const RandomMachine& r, const MachineSpec& base, std::uint64_t seed, int repetition) {
  SplitMix g{seed * 0x2545F4914F6CDD1Dull + static_cast<std::uint64_t>(repetition) + 1};
  for (int i = 0; i < 4; ++i) g.next();  // let nearby seeds drift apart
  MachineSpec m = base;
  if (r.w)
    for (auto& p : m.processors) p.w = g.uniform(r.w->lo, r.w->hi);
  for (auto& l : m.links) {
    if (r.z) l.z = g.uniform(r.z->lo, r.z->hi);
    if (r.S) l.startup = g.uniform(r.S->lo, r.S->hi);
  }
  return m;
}

}  // namespace mpnsim
