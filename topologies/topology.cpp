// Topology: clean-up of raw links, the Boost.Graph view, and properties by breadth-first search.
#include "topologies/topology.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

Topology::Topology(std::string kind, std::string name, int nodes, std::vector<std::pair<int, int>> raw_links,
                   bool directed)
    : kind_(std::move(kind)), name_(std::move(name)), nodes_(nodes), directed_(directed) {
  if (nodes < 1) throw std::invalid_argument(fmt::format("{}: a topology needs at least one node", name_));

  // Families produce links straight from their definitions (thesis eq 3.3 for LET, the shift
  // rule for de Bruijn, wrap-around for tori); small instances of these yield self-loops and
  // the same link twice. SPEC §7: drop and merge them, and count both so they can be reported.
  links_ = std::move(raw_links);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < links_.size(); ++i) {
    auto [a, b] = links_[i];
    if (a < 0 || a >= nodes || b < 0 || b >= nodes)
      throw std::out_of_range(fmt::format("{}: link ({}, {}) names a node outside 0..{}", name_, a, b,
                                          nodes - 1));
    if (a == b) {
      ++self_loops_dropped_;
      continue;
    }
    // Undirected: (a, b) and (b, a) are the same link.
    if (!directed && a > b) std::swap(a, b);
    links_[kept++] = {a, b};
  }
  links_.resize(kept);
  // Most families list their links in order already: checking is one pass.
  if (!std::is_sorted(links_.begin(), links_.end())) std::sort(links_.begin(), links_.end());
  const auto before = links_.size();
  links_.erase(std::unique(links_.begin(), links_.end()), links_.end());
  duplicates_merged_ = static_cast<int>(before - links_.size());
}

namespace {

// The neighbour lists of cleaned-up links (sorted, each once).
Adjacency neighbour_lists(int nodes, const std::vector<std::pair<int, int>>& links, bool directed) {
  // Degrees first, so that each list is allocated once at its size.
  std::vector<int> degree(static_cast<std::size_t>(nodes), 0);
  for (auto [a, b] : links) {
    ++degree[static_cast<std::size_t>(a)];
    if (!directed) ++degree[static_cast<std::size_t>(b)];
  }
  Adjacency adjacency(static_cast<std::size_t>(nodes));
  for (std::size_t v = 0; v < adjacency.size(); ++v) adjacency[v].reserve(static_cast<std::size_t>(degree[v]));
  for (auto [a, b] : links) {
    adjacency[static_cast<std::size_t>(a)].push_back(b);
    if (!directed) adjacency[static_cast<std::size_t>(b)].push_back(a);
  }
  // With the links sorted, a node's list is its smaller neighbours then its
  // larger ones, each in order: sorted already. The check keeps that a fact.
  for (auto& list : adjacency)
    if (!std::is_sorted(list.begin(), list.end())) std::sort(list.begin(), list.end());
  return adjacency;
}

}  // namespace

const Adjacency& Topology::adjacency() const {
  std::lock_guard lock(*graph_mutex_);
  return adjacency_locked();
}

const Adjacency& Topology::adjacency_locked() const {
  if (!adjacency_) adjacency_ = std::make_shared<const Adjacency>(neighbour_lists(nodes_, links_, directed_));
  return *adjacency_;
}

const TopologyGraph& Topology::graph() const {
  std::lock_guard lock(*graph_mutex_);
  if (!graph_) {
    auto g = std::make_shared<TopologyGraph>(static_cast<std::size_t>(nodes_));
    for (auto [a, b] : links_) boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), *g);
    graph_ = std::move(g);
  }
  return *graph_;
}

const TopologyProperties& Topology::properties() const {
  // Repetitions of one point may ask at once: compute once, under the lock.
  std::lock_guard lock(*graph_mutex_);
  if (properties_) return *properties_;
  const Adjacency& adjacency = adjacency_locked();
  TopologyProperties p;
  p.nodes = nodes_;
  p.links = static_cast<int>(links_.size());

  // Degree = number of distinct neighbours. For a directed topology we count a node's
  // out-neighbours and in-neighbours together, each distinct node once: that is the number of
  // processors it is wired to, which is what a degree bound on hardware limits (a pair joined
  // by arcs both ways counts once, as one bidirectional link would).
  const Adjacency in = directed_ ? reversed(adjacency) : Adjacency{};
  p.max_degree = 0;
  p.min_degree = nodes_ > 0 ? nodes_ : 0;
  std::vector<int> both;
  for (std::size_t u = 0; u < adjacency.size(); ++u) {
    int degree = static_cast<int>(adjacency[u].size());
    if (directed_) {
      both.clear();
      std::set_union(adjacency[u].begin(), adjacency[u].end(), in[u].begin(), in[u].end(),
                     std::back_inserter(both));
      degree = static_cast<int>(both.size());
    }
    p.max_degree = std::max(p.max_degree, degree);
    p.min_degree = std::min(p.min_degree, degree);
  }

  // Diameter and average distance over ordered pairs of distinct nodes, with the one BFS
  // (sim/hop_distances.hpp). Every node sees the same distances in a vertex-transitive
  // family, so node 0 alone stands for all and the cost drops from N BFS to one.
  const int sources = vertex_transitive_ ? 1 : nodes_;
  // One BFS costs about N + 2L steps; past a few seconds' worth we say so
  // instead of hanging (a 1000 x 1000 mesh would need 10^12 steps).
  constexpr double kDistanceBudget = 2e9;
  const double work = static_cast<double>(sources) *
                      (static_cast<double>(nodes_) + 2.0 * static_cast<double>(links_.size()));
  if (work > kDistanceBudget) {
    p.distances_skipped = fmt::format(
        "diameter and average distance not computed: {} breadth-first searches over {} nodes "
        "would take ~{:.0e} steps (limit {:.0e})", sources, nodes_, work, kDistanceBudget);
    properties_ = p;
    return *properties_;
  }
  int diameter = 0;
  std::int64_t total = 0;
  bool connected = true;
  for (int s = 0; s < sources && connected; ++s) {
    for (int d : hop_distances(adjacency, s)) {
      if (d == kUnreachable) {
        connected = false;
        break;
      }
      diameter = std::max(diameter, d);
      total += d;
    }
  }
  if (connected) {
    p.diameter = diameter;
    // A single node has no pair of distinct nodes; we report 0 rather than leave it empty,
    // because empty means "disconnected" here.
    const double pairs = static_cast<double>(sources) * static_cast<double>(nodes_ - 1);
    p.average_distance = pairs > 0 ? static_cast<double>(total) / pairs : 0.0;
  }
  properties_ = p;
  return *properties_;
}

}  // namespace mpnsim
