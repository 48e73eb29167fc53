// A processor network: its graph (Boost.Graph), levels and L/R targets where it has them.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "sim/hop_distances.hpp"

namespace mpnsim {

// Undirected topologies hold one edge per link; directed ones (de Bruijn with
// --directed) one edge per arc. Vertex i is processor P_i.
using TopologyGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;

struct TopologyProperties {
  int nodes = 0;
  int links = 0;
  int max_degree = 0;
  int min_degree = 0;
  std::optional<int> diameter;             // empty when some node cannot reach another
  std::optional<double> average_distance;  // over ordered pairs of distinct nodes
  // Why diameter and average distance are missing although the network is
  // connected (too large for a breadth-first search from every node); empty otherwise.
  std::string distances_skipped;
};

class Topology {
 public:
  // Builds a topology from raw links as a family's definition produces them:
  // self-loops are dropped and repeated links merged, and both are counted.
  // (Given by value: a family that moves its list in has it cleaned up in place.)
  Topology(std::string kind, std::string name, int nodes, std::vector<std::pair<int, int>> raw_links,
           bool directed);

  const std::string& kind() const { return kind_; }   // family name, e.g. "let"
  const std::string& name() const { return name_; }   // with parameters, e.g. "let(depth=2)"
  int size() const { return nodes_; }
  bool directed() const { return directed_; }
  // The Boost.Graph view, built on first use (thread-safe): most work needs only
  // the neighbour lists, and a million-link Boost graph costs ~100 bytes a link.
  const TopologyGraph& graph() const;

  // Links after clean-up, each once: (a, b) with a < b when undirected.
  const std::vector<std::pair<int, int>>& links() const { return links_; }
  // Sorted neighbour lists (out-neighbours when directed), built on first use (thread-safe) and
  // shared by copies: a d = 20 hypercube's are 2^20 lists, about 100 MB, that `mpnsim dlt` with a
  // hypercube strategy never reads. Callers in a loop take the reference once.
  const Adjacency& adjacency() const;
  int self_loops_dropped() const { return self_loops_dropped_; }
  int duplicate_links_merged() const { return duplicates_merged_; }

  // Level of each node, where the family defines one (LET, trees, ...).
  const std::optional<std::vector<int>>& levels() const { return levels_; }
  // L and R link targets of each node (-1 where a node has none), where defined.
  const std::optional<std::vector<std::pair<int, int>>>& lr() const { return lr_; }
  void set_levels(std::vector<int> levels) { levels_ = std::move(levels); }
  void set_lr(std::vector<std::pair<int, int>> lr) { lr_ = std::move(lr); }

  // Families whose every node looks the same (hypercube, ring, torus, complete)
  // say so, and distances are then measured from node 0 alone.
  void set_vertex_transitive(bool v) { vertex_transitive_ = v; }
  bool vertex_transitive() const { return vertex_transitive_; }

  // Degrees, diameter and average distance (computed on first use).
  const TopologyProperties& properties() const;

 private:
  std::string kind_, name_;
  int nodes_;
  bool directed_;
  mutable std::shared_ptr<TopologyGraph> graph_;
  // Guards graph_, adjacency_ and properties_.
  std::shared_ptr<std::mutex> graph_mutex_ = std::make_shared<std::mutex>();
  std::vector<std::pair<int, int>> links_;
  mutable std::shared_ptr<const Adjacency> adjacency_;
  const Adjacency& adjacency_locked() const;  // adjacency(), with graph_mutex_ held
  int self_loops_dropped_ = 0;
  int duplicates_merged_ = 0;
  std::optional<std::vector<int>> levels_;
  std::optional<std::vector<std::pair<int, int>>> lr_;
  bool vertex_transitive_ = false;
  mutable std::optional<TopologyProperties> properties_;
};

}  // namespace mpnsim
