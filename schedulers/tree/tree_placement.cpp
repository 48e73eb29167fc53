// Level-synchronous placement of a task tree and its per-level load, LIF, moves and violations.
#include "schedulers/tree/tree_placement.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/load_imbalance.hpp"

namespace mpnsim {

namespace {

LevelReport report(int level, std::span<const int> parent_proc, std::span<const int> proc, const TreeNetwork& net) {
  LevelReport r;
  r.level = level;
  r.tasks = static_cast<int>(proc.size());
  r.loads.assign(static_cast<std::size_t>(net.size()), 0);
  for (std::size_t i = 0; i < proc.size(); ++i) {
    ++r.loads[static_cast<std::size_t>(proc[i])];
    if (proc[i] != parent_proc[i]) ++r.moved;
    if (!net.within_one_hop(parent_proc[i], proc[i])) ++r.violations;
  }
  r.max_load = *std::max_element(r.loads.begin(), r.loads.end());
  r.min_load = *std::min_element(r.loads.begin(), r.loads.end());
  // The one LIF function; `ideal` is its convention spelled out for the outputs.
  r.lif = task_count_lif(r.loads);
  r.ideal = std::max(1.0, static_cast<double>(r.tasks) / net.size());
  return r;
}

}  // namespace

TreePlacement place_tree(const TaskTree& tree, const TreeNetwork& net, TreeScheduler& scheduler) {
  TreePlacement out;
  out.processor.assign(static_cast<std::size_t>(tree.size()), 0);
  const int root_proc = 0;  // SPEC §4: the root on P0
  out.levels.push_back(report(0, std::vector<int>{root_proc}, std::vector<int>{root_proc}, net));
  std::vector<int> parent_proc;
  for (int k = 1; k < tree.levels(); ++k) {
    const int begin = tree.level_begin(k), end = tree.level_end(k);
    parent_proc.clear();
    for (int t = begin; t < end; ++t) parent_proc.push_back(out.processor[static_cast<std::size_t>(tree.parent(t))]);
    const std::vector<int> placed = scheduler.place_level(k, parent_proc);
    if (placed.size() != parent_proc.size())
      throw std::logic_error(fmt::format("scheduler placed {} tasks of level {}, which has {}", placed.size(), k,
                                         parent_proc.size()));
    for (std::size_t i = 0; i < placed.size(); ++i) {
      if (placed[i] < 0 || placed[i] >= net.size())
        throw std::logic_error(fmt::format("scheduler placed a task of level {} on processor {} of {}", k,
                                           placed[i], net.size()));
      out.processor[static_cast<std::size_t>(begin) + i] = placed[i];
    }
    out.levels.push_back(report(k, parent_proc, placed, net));
  }
  return out;
}

}  // namespace mpnsim
