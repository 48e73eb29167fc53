// The thesis's random task trees: Spawn decides leaf or not, Fanout the number of children (§4.5.1).
#include <cmath>
#include <random>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "sim/parameters.hpp"
#include "workloads/random_draws.hpp"
#include "workloads/tree/tree_generators.hpp"

namespace mpnsim {

namespace {

void check(double spawn, int fanout, int depth) {
  if (!(spawn >= 0 && spawn <= 1))
    throw ParamError("spawn", fmt::format("expected a probability 0..1, got {}", spawn));
  if (fanout < 1) throw ParamError("fanout", fmt::format("expected an integer >= 1, got {}", fanout));
  if (depth < 0) throw ParamError("depth", fmt::format("expected an integer >= 0, got {}", depth));
}

}  // namespace

double expected_random_tree_size(double spawn, int fanout, int depth) {
  check(spawn, fanout, depth);
  const double growth = spawn * (fanout + 1) / 2.0;  // mean children of a task above the last level
  double total = 0, width = 1;
  for (int k = 0; k <= depth; ++k, width *= growth) total += width;
  return total;
}

TaskTree random_tree(double spawn, int fanout, int depth, std::uint64_t seed) {
  check(spawn, fanout, depth);
  std::mt19937_64 rng(seed);
  std::vector<int> counts;
  // Breadth first: level by level, each task of the level in order draws Spawn and, when it
  // spawns, Fanout. Tasks at the maximum depth draw nothing.
  std::int64_t level_begin = 0, level_end = 1, total = 1;
  for (int level = 0; level_end > level_begin; ++level) {
    std::int64_t next = 0;
    for (std::int64_t t = level_begin; t < level_end; ++t) {
      int c = 0;
      if (level < depth && uniform_real(rng, 0, 1) < spawn)
        c = static_cast<int>(uniform_integer(rng, 1, fanout));
      counts.push_back(c);
      next += c;
    }
    total += next;
    if (total > kMaxTreeTasks)
      throw std::runtime_error(fmt::format(
          "the random tree (spawn {}, fanout {}, depth {}, seed {}) grew past {} tasks at level {}",
          spawn, fanout, depth, seed, kMaxTreeTasks, level + 1));
    level_begin = level_end;
    level_end += next;
  }
  return TaskTree::from_child_counts(std::move(counts));
}

}  // namespace mpnsim
