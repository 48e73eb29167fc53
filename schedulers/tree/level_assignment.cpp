// Counts of a level's tasks by processor and origin, and minimum-distance moves between processors.
#include "schedulers/tree/level_assignment.hpp"

#include <algorithm>
#include <cassert>

namespace mpnsim {

LevelAssignment::LevelAssignment(int processors, std::span<const int> parent_processor)
    : by_origin_(static_cast<std::size_t>(processors)), load_(static_cast<std::size_t>(processors), 0) {
  for (int p : parent_processor) {
    assert(p >= 0 && p < processors);
    ++load_[static_cast<std::size_t>(p)];
  }
  for (int p = 0; p < processors; ++p)
    if (load_[static_cast<std::size_t>(p)] > 0) by_origin_[static_cast<std::size_t>(p)].emplace_back(p, load_[static_cast<std::size_t>(p)]);
  total_ = static_cast<int>(parent_processor.size());
}

int LevelAssignment::movable(const TreeNetwork& net, int from, int to, bool keep_min_distance) const {
  if (!keep_min_distance) return load(from);
  int n = 0;
  for (const auto& [origin, count] : by_origin_[static_cast<std::size_t>(from)])
    if (net.within_one_hop(origin, to)) n += count;
  return n;
}

int LevelAssignment::move(const TreeNetwork& net, int from, int to, int n, bool keep_min_distance) {
  if (from == to || n <= 0) return 0;
  auto& src = by_origin_[static_cast<std::size_t>(from)];
  auto& dst = by_origin_[static_cast<std::size_t>(to)];
  int moved = 0;
  auto take = [&](std::size_t k) {
    const int m = std::min(n - moved, src[k].second);
    if (m <= 0) return;
    const int origin = src[k].first;
    src[k].second -= m;
    auto it = std::lower_bound(dst.begin(), dst.end(), std::make_pair(origin, 0));
    if (it != dst.end() && it->first == origin) it->second += m;
    else dst.insert(it, {origin, m});
    moved += m;
  };
  // Pass 0: tasks whose parent runs on `to`; 1: within one hop of `to`; 2: the rest.
  for (int pass = 0; pass < (keep_min_distance ? 2 : 3) && moved < n; ++pass)
    for (std::size_t k = 0; k < src.size() && moved < n; ++k) {
      const int origin = src[k].first;
      const bool home = origin == to, near = net.within_one_hop(origin, to);
      if ((pass == 0 && home) || (pass == 1 && !home && near) || (pass == 2 && !near)) take(k);
    }
  std::erase_if(src, [](const auto& e) { return e.second == 0; });
  load_[static_cast<std::size_t>(from)] -= moved;
  load_[static_cast<std::size_t>(to)] += moved;
  return moved;
}

std::vector<int> LevelAssignment::placement(std::span<const int> parent_processor) const {
  // For every origin, the processors holding its tasks, in index order, with counts.
  std::vector<std::vector<std::pair<int, int>>> slots(by_origin_.size());
  for (std::size_t q = 0; q < by_origin_.size(); ++q)
    for (const auto& [origin, count] : by_origin_[q]) slots[static_cast<std::size_t>(origin)].emplace_back(static_cast<int>(q), count);
  std::vector<std::size_t> cursor(slots.size(), 0);
  std::vector<int> out;
  out.reserve(parent_processor.size());
  for (int p : parent_processor) {
    auto& s = slots[static_cast<std::size_t>(p)];
    std::size_t& c = cursor[static_cast<std::size_t>(p)];
    while (s[c].second == 0) ++c;
    out.push_back(s[c].first);
    --s[c].second;
  }
  return out;
}

int rounded_ideal_load(const LevelAssignment& level) {
  const int n = level.processors();
  return (level.total() + n - 1) / n;
}

}  // namespace mpnsim
