// Shortest-path routing with the lowest-numbered neighbour breaking ties.
#include "sim/router.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

Router::Router(const MachineSpec& spec) : out_(spec.processors.size()) {
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const auto& k = spec.links[l];
    const int li = static_cast<int>(l);
    out_[static_cast<std::size_t>(k.a)].push_back(Arc{k.b, li, 2 * li});
    if (!k.directed) out_[static_cast<std::size_t>(k.b)].push_back(Arc{k.a, li, 2 * li + 1});
  }
  Adjacency forward(out_.size());
  for (std::size_t u = 0; u < out_.size(); ++u) {
    std::sort(out_[u].begin(), out_[u].end(), [](const Arc& x, const Arc& y) { return x.to < y.to; });
    for (const Arc& a : out_[u]) forward[u].push_back(a.to);
  }
  reverse_ = reversed(forward);
}

const Arc* Router::arc(int u, int v) const {
  const auto& list = out_[static_cast<std::size_t>(u)];
  auto it = std::lower_bound(list.begin(), list.end(), v,
                             [](const Arc& a, int target) { return a.to < target; });
  return (it != list.end() && it->to == v) ? &*it : nullptr;
}

const std::vector<int>& Router::distances_to(int dst) {
  auto it = to_dst_.find(dst);
  if (it == to_dst_.end()) it = to_dst_.emplace(dst, hop_distances(reverse_, dst)).first;
  return it->second;
}

int Router::distance(int u, int dst) {
  if (u == dst) return 0;
  if (arc(u, dst)) return 1;
  return distances_to(dst)[static_cast<std::size_t>(u)];
}

const Arc& Router::next_arc(int u, int dst) {
  if (const Arc* direct = arc(u, dst)) return *direct;  // the common case needs no BFS
  const auto& dist = distances_to(dst);
  const int du = dist[static_cast<std::size_t>(u)];
  if (du == kUnreachable)
    throw std::runtime_error(fmt::format("no route from processor {} to processor {}", u, dst));
  for (const Arc& a : out_[static_cast<std::size_t>(u)])
    if (dist[static_cast<std::size_t>(a.to)] == du - 1) return a;
  throw std::logic_error("Router: BFS distances inconsistent");
}

}  // namespace mpnsim
