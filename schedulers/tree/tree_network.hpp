// What a task-tree scheduler sees of a network: links, L/R targets and the general rules where there are none.
#pragma once

#include <span>
#include <vector>

#include "topologies/topology.hpp"

namespace mpnsim {

// Built once per topology and shared, read-only, by every scheduler of a run.
class TreeNetwork {
 public:
  explicit TreeNetwork(const Topology& topology);

  const Topology& topology() const { return topology_; }
  int size() const { return n_; }
  // Processors one hop away, in index order (out-neighbours when directed).
  std::span<const int> neighbours(int p) const { return adjacency_[static_cast<std::size_t>(p)]; }
  // A link from `from` to `to` (either direction when undirected).
  bool adjacent(int from, int to) const;
  // The minimum-distance property (thesis §4.2): `to` is `from` or one hop from it.
  bool within_one_hop(int from, int to) const { return from == to || adjacent(from, to); }

  // Where p sends spawned tasks (RR, ML, HBM's children): its L and R link targets where the
  // topology defines them (thesis §3.2, eq 3.3; -1 entries skipped); on networks without L/R,
  // or where p has none (binary-tree leaves), all its neighbours in index order (our general
  // rule). A processor with no neighbour at all targets itself.
  std::span<const int> spawn_targets(int p) const { return targets_[static_cast<std::size_t>(p)]; }
  // True when p's targets are its L/R targets.
  bool has_lr(int p) const { return has_lr_[static_cast<std::size_t>(p)] != 0; }

  // Hierarchy level of p: the topology's levels where it defines them (LET, trees, hypercube),
  // otherwise the hop distance from P0 (the root's processor).
  int depth(int p) const { return depth_[static_cast<std::size_t>(p)]; }

 private:
  const Topology& topology_;
  int n_;
  std::vector<std::vector<int>> adjacency_;
  std::vector<std::vector<int>> targets_;
  std::vector<char> has_lr_;
  std::vector<int> depth_;
};

}  // namespace mpnsim
