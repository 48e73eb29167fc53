// The scheduler's view of a network.
#include "schedulers/tree/tree_network.hpp"

#include <algorithm>

#include "sim/hop_distances.hpp"

namespace mpnsim {

TreeNetwork::TreeNetwork(const Topology& topology)
    : topology_(topology), n_(topology.size()), adjacency_(topology.adjacency()) {
  targets_.resize(static_cast<std::size_t>(n_));
  has_lr_.assign(static_cast<std::size_t>(n_), 0);
  const auto& lr = topology.lr();
  for (int p = 0; p < n_; ++p) {
    auto& t = targets_[static_cast<std::size_t>(p)];
    if (lr) {
      const auto [l, r] = (*lr)[static_cast<std::size_t>(p)];
      if (l >= 0) t.push_back(l);
      if (r >= 0) t.push_back(r);
    }
    if (!t.empty()) {
      has_lr_[static_cast<std::size_t>(p)] = 1;
    } else {
      t = adjacency_[static_cast<std::size_t>(p)];
      if (t.empty()) t.push_back(p);
    }
  }
  if (const auto& levels = topology.levels()) {
    depth_ = *levels;
  } else {
    depth_ = n_ > 0 ? hop_distances(adjacency_, 0) : std::vector<int>{};
    // Unreachable processors sit below everything else.
    const int deepest = depth_.empty() ? 0 : *std::max_element(depth_.begin(), depth_.end());
    for (int& d : depth_)
      if (d == kUnreachable) d = deepest + 1;
  }
}

bool TreeNetwork::adjacent(int from, int to) const {
  const auto& a = adjacency_[static_cast<std::size_t>(from)];
  return std::binary_search(a.begin(), a.end(), to);
}

}  // namespace mpnsim
