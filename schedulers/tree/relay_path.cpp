// Multi-hop relay of a donor's excess (the improvement of thesis §4.4 that SPEC §4 asks for).
#include "schedulers/tree/relay_path.hpp"

#include <algorithm>
#include <deque>
#include <vector>

namespace mpnsim {

bool relay_excess_once(const TreeNetwork& net, LevelAssignment& a, int d, int il) {
  const int n = net.size();
  std::vector<int> from(static_cast<std::size_t>(n), -2);
  std::deque<int> queue{d};
  from[static_cast<std::size_t>(d)] = -1;
  int found = -1;
  while (!queue.empty() && found < 0) {
    const int u = queue.front();
    queue.pop_front();
    for (int v : net.neighbours(u)) {
      if (from[static_cast<std::size_t>(v)] != -2 || a.movable(net, u, v, true) == 0) continue;
      from[static_cast<std::size_t>(v)] = u;
      if (a.load(v) < il) {
        found = v;
        break;
      }
      queue.push_back(v);
    }
  }
  if (found < 0) return false;
  std::vector<int> path{found};
  while (path.back() != d) path.push_back(from[static_cast<std::size_t>(path.back())]);
  std::reverse(path.begin(), path.end());
  int amount = std::min(a.load(d) - il, il - a.load(found));
  for (std::size_t i = 0; i + 1 < path.size(); ++i) amount = std::min(amount, a.movable(net, path[i], path[i + 1], true));
  // Last hop first: each processor passes on tasks it held before receiving any.
  for (std::size_t i = path.size() - 1; i > 0; --i) a.move(net, path[i - 1], path[i], amount, true);
  return amount > 0;
}

}  // namespace mpnsim
