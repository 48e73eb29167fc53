// Linearly extensible tree (LET), thesis eq 3.3 (SPEC §7).
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxDepth = 1000;  // N = 501,501 processors
}

namespace detail {

TopologySize let_size(int depth) {
  check_range("depth", depth, 0, kMaxDepth);
  // Eq 3.3: N = (d+1)(d+2)/2; two links (L and R) leave each processor.
  const std::int64_t n = std::int64_t{depth + 1} * (depth + 2) / 2;
  check_size("depth", n, 2 * n);
  return {n, 2 * n};
}

}  // namespace detail

Topology linearly_extensible_tree(int depth) {
  // Eq 3.3: N = (d+1)(d+2)/2; level j holds the j+1 processors numbered after levels 0..j-1.
  const int n = static_cast<int>(detail::let_size(depth).nodes);
  std::vector<std::pair<int, int>> raw;
  std::vector<int> levels(static_cast<std::size_t>(n));
  std::vector<std::pair<int, int>> lr(static_cast<std::size_t>(n));
  raw.reserve(2 * static_cast<std::size_t>(n));
  for (int j = 0, i = 0; j <= depth; ++j) {
    for (int k = 0; k <= j; ++k, ++i) {
      // Eq 3.3: L(P_ij) = P_(i+j+1) mod N, R(P_ij) = P_(i+j+2) mod N. The mod folds the last
      // levels back onto the first; that is where the self-loops and doubled links of small
      // LETs, and the degree above 4 from depth 3, come from (SPEC §7).
      const int left = (i + j + 1) % n, right = (i + j + 2) % n;
      levels[static_cast<std::size_t>(i)] = j;
      lr[static_cast<std::size_t>(i)] = {left, right};
      raw.emplace_back(i, left);
      raw.emplace_back(i, right);
    }
  }
  Topology t("let", detail::topology_name("let", {{"depth", std::to_string(depth)}}), n, raw, false);
  t.set_levels(std::move(levels));
  t.set_lr(std::move(lr));
  return t;
}

namespace detail {

std::vector<ParamSpec> let_params() {
  return {integer_param("depth", "2",
                        "Depth d of the tree: levels 0..d, N = (d+1)(d+2)/2 processors.",
                        0, kMaxDepth)};
}

Topology let_from_params(const ParamSet& p) {
  return linearly_extensible_tree(static_cast<int>(p.integer("depth")));
}

}  // namespace detail
}  // namespace mpnsim
