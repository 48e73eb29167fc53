// Orbits of the machine's symmetries fixing a set of processors, by backtracking over partial maps.
#include "schedulers/dag/optimal/processor_symmetry.hpp"

#include <numeric>
#include <stdexcept>
#include <utility>

namespace mpnsim {

namespace {

// Steps one search for a symmetry may take before it gives up. The networks an exact search
// can handle have at most a few dozen processors, whose symmetries are found in far fewer
// steps; giving up only leaves two processors of one orbit apart.
constexpr long kStepLimit = 200000;
constexpr std::size_t kCacheLimit = 1 << 15;

int find_root(std::vector<int>& parent, int x) {
  while (parent[static_cast<std::size_t>(x)] != x) {
    parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    x = parent[static_cast<std::size_t>(x)];
  }
  return x;
}

void unite(std::vector<int>& parent, int a, int b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a == b) return;
  if (a < b) std::swap(a, b);
  parent[static_cast<std::size_t>(a)] = b;  // the root is the least processor of the orbit
}

}  // namespace

ProcessorSymmetry::ProcessorSymmetry(int processors, std::vector<int> kinds) : n_(processors), kinds_(std::move(kinds)) {
  if (n_ < 1 || n_ > 64) throw std::invalid_argument("processor symmetry: 1 to 64 processors");
  if (kinds_.size() != static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_))
    throw std::invalid_argument("processor symmetry: one kind per ordered pair");
  map_.assign(static_cast<std::size_t>(n_), -1);
  inverse_.assign(static_cast<std::size_t>(n_), -1);
}

bool ProcessorSymmetry::consistent(int x, int y) const {
  // Mapping x to y must keep every pair with an already mapped processor, both ways.
  if (kind(x, x) != kind(y, y)) return false;
  for (int m = 0; m < n_; ++m) {
    const int image = map_[static_cast<std::size_t>(m)];
    if (image < 0) continue;
    if (kind(x, m) != kind(y, image) || kind(m, x) != kind(image, y)) return false;
  }
  return true;
}

bool ProcessorSymmetry::extend(int next, std::vector<int>& order, long& steps) {
  if (next == static_cast<int>(order.size())) return true;
  const int x = order[static_cast<std::size_t>(next)];
  for (int y = 0; y < n_; ++y) {
    if (inverse_[static_cast<std::size_t>(y)] >= 0) continue;
    if (++steps > kStepLimit) return false;
    if (!consistent(x, y)) continue;
    map_[static_cast<std::size_t>(x)] = y;
    inverse_[static_cast<std::size_t>(y)] = x;
    if (extend(next + 1, order, steps)) return true;
    map_[static_cast<std::size_t>(x)] = -1;
    inverse_[static_cast<std::size_t>(y)] = -1;
  }
  return false;
}

bool ProcessorSymmetry::find_symmetry(std::uint64_t used, int a, int b) {
  std::fill(map_.begin(), map_.end(), -1);
  std::fill(inverse_.begin(), inverse_.end(), -1);
  for (int u = 0; u < n_; ++u)
    if ((used >> u) & 1U) map_[static_cast<std::size_t>(u)] = inverse_[static_cast<std::size_t>(u)] = u;
  if (!consistent(a, b)) return false;
  map_[static_cast<std::size_t>(a)] = b;
  inverse_[static_cast<std::size_t>(b)] = a;
  std::vector<int> order;
  for (int x = 0; x < n_; ++x)
    if (map_[static_cast<std::size_t>(x)] < 0) order.push_back(x);
  long steps = 0;
  return extend(0, order, steps);
}

const std::vector<int>& ProcessorSymmetry::leaders(std::uint64_t used) {
  if (auto it = cache_.find(used); it != cache_.end()) return it->second;
  // Sets seen once are many on large machines: past a few MB the cache starts again, so that
  // its memory stays bounded whatever the search's length (a set asked again is recomputed).
  // The full cache is kept one more round, so that what a caller still holds from it (a search
  // holds a few answers while it expands one state) stays valid.
  if (cache_.size() >= kCacheLimit) {
    retired_ = std::move(cache_);
    cache_ = {};
  }
  std::vector<int> parent(static_cast<std::size_t>(n_));
  std::iota(parent.begin(), parent.end(), 0);
  for (int a = 0; a < n_; ++a) {
    if ((used >> a) & 1U) continue;
    for (int b = a + 1; b < n_; ++b) {
      if ((used >> b) & 1U) continue;
      if (find_root(parent, a) == find_root(parent, b)) continue;
      if (!find_symmetry(used, a, b)) continue;
      // The whole permutation is a symmetry: every processor shares an orbit with its image.
      for (int x = 0; x < n_; ++x) unite(parent, x, map_[static_cast<std::size_t>(x)]);
    }
  }
  std::vector<int> lead(static_cast<std::size_t>(n_));
  for (int x = 0; x < n_; ++x) lead[static_cast<std::size_t>(x)] = find_root(parent, x);
  return cache_.emplace(used, std::move(lead)).first->second;
}

}  // namespace mpnsim
