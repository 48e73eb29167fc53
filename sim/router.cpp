// Shortest-path routing with the lowest-numbered neighbour breaking ties.
#include "sim/router.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

Router::Router(const MachineSpec& spec) : first_(spec.processors.size() + 1, 0) {
  // Count, place, then sort each row: no per-processor vectors.
  for (const auto& k : spec.links) {
    ++first_[static_cast<std::size_t>(k.a) + 1];
    if (!k.directed) ++first_[static_cast<std::size_t>(k.b) + 1];
  }
  for (std::size_t u = 1; u < first_.size(); ++u) first_[u] += first_[u - 1];
  arcs_.resize(first_.back());
  std::vector<std::size_t> fill(first_.begin(), first_.end() - 1);
  // Kinds are looked up in a map only when a link's costs differ from the previous link's.
  std::map<std::pair<double, double>, std::uint32_t> kind_of;
  std::uint32_t kind = 0;
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const auto& k = spec.links[l];
    if (kinds_.empty() || kinds_[kind].z != k.z || kinds_[kind].startup != k.startup) {
      const auto [it, added] =
          kind_of.try_emplace({k.z, k.startup}, static_cast<std::uint32_t>(kinds_.size()));
      if (added) kinds_.push_back(LinkKind{k.z, k.startup});
      kind = it->second;
    }
    const int li = static_cast<int>(l);
    arcs_[fill[static_cast<std::size_t>(k.a)]++] = Arc{k.b, 2 * li, kind};
    if (!k.directed) arcs_[fill[static_cast<std::size_t>(k.b)]++] = Arc{k.a, 2 * li + 1, kind};
  }
  // Rows come out sorted when the links are (topologies sort theirs): check before sorting.
  const auto by_neighbour = [](const Arc& x, const Arc& y) { return x.to < y.to; };
  for (std::size_t u = 0; u + 1 < first_.size(); ++u) {
    const auto row_begin = arcs_.begin() + static_cast<std::ptrdiff_t>(first_[u]);
    const auto row_end = arcs_.begin() + static_cast<std::ptrdiff_t>(first_[u + 1]);
    if (!std::is_sorted(row_begin, row_end, by_neighbour)) std::sort(row_begin, row_end, by_neighbour);
  }
}

const Arc* Router::arc(int u, int v) const {
  const auto list = arcs(u);
  auto it = std::lower_bound(list.begin(), list.end(), v,
                             [](const Arc& a, int target) { return a.to < target; });
  return (it != list.end() && it->to == v) ? &*it : nullptr;
}

const std::vector<int>& Router::distances_to(int dst) {
  if (table_of_.empty()) table_of_.assign(first_.size() - 1, -1);
  int& table = table_of_[static_cast<std::size_t>(dst)];
  if (table < 0) {
    if (reverse_.empty()) {
      // Only multi-hop routes need it: single-hop plans never pay for it.
      Adjacency forward(first_.size() - 1);
      for (std::size_t u = 0; u + 1 < first_.size(); ++u)
        for (const Arc& a : arcs(static_cast<int>(u))) forward[u].push_back(a.to);
      reverse_ = reversed(forward);
    }
    table = static_cast<int>(to_dst_.size());
    to_dst_.push_back(hop_distances(reverse_, dst));
    next_to_dst_.emplace_back();  // made by the first next_arc towards dst: distance() needs none
  }
  return to_dst_[static_cast<std::size_t>(table)];
}

std::vector<std::uint16_t> Router::next_arcs(const std::vector<int>& dist) const {
  std::vector<std::uint16_t> next(dist.size(), kFindArc);
  for (std::size_t u = 0; u < dist.size(); ++u) {
    if (dist[u] == kUnreachable || dist[u] == 0) continue;
    const auto row = arcs(static_cast<int>(u));
    for (std::size_t k = 0; k < row.size() && k < kFindArc; ++k)
      if (dist[static_cast<std::size_t>(row[k].to)] == dist[u] - 1) {
        next[u] = static_cast<std::uint16_t>(k);
        break;
      }
  }
  return next;
}

int Router::distance(int u, int dst) {
  if (u == dst) return 0;
  if (arc(u, dst)) return 1;
  return distances_to(dst)[static_cast<std::size_t>(u)];
}

const Arc& Router::next_arc_made(int u, int dst) {
  if (!table_of_.empty()) {
    if (const int table = table_of_[static_cast<std::size_t>(dst)]; table >= 0) {
      std::vector<std::uint16_t>& next = next_to_dst_[static_cast<std::size_t>(table)];
      if (next.empty()) next = next_arcs(to_dst_[static_cast<std::size_t>(table)]);
      // For the inline look-up from now on (again after a copy).
      next_of_dst_.at.resize(table_of_.size(), nullptr);
      next_of_dst_.at[static_cast<std::size_t>(dst)] = next.data();
      const std::uint16_t k = next[static_cast<std::size_t>(u)];
      if (k != kFindArc) return arcs_[first_[static_cast<std::size_t>(u)] + k];
    }
  }
  if (const Arc* direct = arc(u, dst)) return *direct;  // the common case needs no BFS
  const auto& dist = distances_to(dst);
  const int du = dist[static_cast<std::size_t>(u)];
  if (du == kUnreachable)
    throw std::runtime_error(fmt::format("no route from processor {} to processor {}", u, dst));
  for (const Arc& a : arcs(u))
    if (dist[static_cast<std::size_t>(a.to)] == du - 1) return a;
  throw std::logic_error("Router: BFS distances inconsistent");
}

}  // namespace mpnsim
