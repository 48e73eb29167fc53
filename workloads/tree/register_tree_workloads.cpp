// The one place where task-tree workloads are registered by name.
#include <fmt/format.h>

#include "workloads/registry.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/tree/tree_generators.hpp"
#include "workloads/tree/tree_workloads.hpp"

namespace mpnsim {

namespace {

ParamSpec integer(std::string name, std::string def, std::string text, double min, double max) {
  return ParamSpec{std::move(name), ParamType::integer, std::move(def), std::move(text), min, max, {}};
}

}  // namespace

const std::vector<TreeWorkloadEntry>& tree_workloads() {
  static const std::vector<TreeWorkloadEntry> entries{
      {"complete", "complete k-ary task tree to depth D: k^l tasks at level l (thesis Tables 4.1, Figs 4.5, 4.7)",
       {integer("arity", "2", "children of every task above the last level (2 binary, 3 ternary)", 1, 1'000'000),
        integer("depth", "5", "the last level D (levels 0..D)", 0, 1'000'000)},
       false, false},
      {"random",
       "random task tree of thesis §4.5.1, breadth first: below `depth` a task spawns with probability `spawn`, "
       "then has Fanout children uniform on {1..fanout}",
       {ParamSpec{"spawn", ParamType::real, "1", "P(Spawn = 1): probability that a task above the last level has "
                  "children", 0, 1, {}},
        integer("fanout", "2", "largest Fanout (2 arbitrary binary, 3 arbitrary ternary)", 1, 1'000'000),
        integer("depth", "8", "maximum depth: tasks at this level are leaves", 0, 1'000'000),
        integer("seed", "-1",
                "generator seed; -1 derives it from the experiment's seed, the workload and the tree's number "
                "(the same trees on every network and scheduler)", -1, 9.2e18)},
       true, false},
      {"tree-file",
       "a user's task tree from a file: one parent index per line (-1 for the root), or a DOT digraph of "
       "parent -> child edges (*.dot, *.gv)",
       {ParamSpec{"file", ParamType::text, "", "the tree file, relative to the experiment file", 0, 0, {}}},
       false, true},
  };
  return entries;
}

const TreeWorkloadEntry* find_tree_workload(const std::string& name) {
  for (const auto& e : tree_workloads())
    if (e.name == name) return &e;
  return nullptr;
}

TaskTree make_tree(const TreeWorkloadEntry& entry, const ParamSet& p, std::uint64_t seed) {
  if (entry.name == "complete")
    return complete_tree(static_cast<int>(p.integer("arity")), static_cast<int>(p.integer("depth")));
  if (entry.name == "random") {
    const std::int64_t own = p.integer("seed");
    return random_tree(p.real("spawn"), static_cast<int>(p.integer("fanout")), static_cast<int>(p.integer("depth")),
                       own >= 0 ? static_cast<std::uint64_t>(own) : seed);
  }
  return read_tree_file(p.text("file"));
}

void check_fixed_tree(const TreeWorkloadEntry& entry, const ParamSet& p) {
  if (entry.name == "complete")
    (void)complete_tree_size(static_cast<int>(p.integer("arity")), static_cast<int>(p.integer("depth")));
  else
    (void)make_tree(entry, p, 0);
}

// Parameters separated by spaces, not commas: labels are plot series (gnuplot cuts quoted CSV cells at commas).
std::string tree_workload_label(const TreeWorkloadEntry& entry, const ParamSet& p) {
  if (entry.name == "complete") return fmt::format("complete(arity={} depth={})", p.integer("arity"), p.integer("depth"));
  if (entry.name == "random")
    return fmt::format("random(spawn={} fanout={} depth={})", p.real("spawn"), p.integer("fanout"), p.integer("depth"));
  return fmt::format("tree-file({})", p.text("file"));
}

std::vector<WorkloadEntry> tree_workload_listing() {
  std::vector<WorkloadEntry> out;
  for (const auto& e : tree_workloads()) out.push_back({e.name, fmt::format("[tree] {}", e.description), e.params});
  return out;
}

}  // namespace mpnsim
