// Two-root single-level tree (SPEC §7): roots P_0 and P_1, each linked to every child P_2 .. P_(m+1).
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxChildren = static_cast<int>(kMaxTopologyNodes) - 2;
}

namespace detail {

TopologySize two_root_tree_size(int children) {
  check_range("children", children, 1, kMaxChildren);
  const std::int64_t n = std::int64_t{children} + 2;
  check_size("children", n, 2 * std::int64_t{children});
  return {n, 2 * std::int64_t{children}};
}

}  // namespace detail

Topology two_root_tree(int children) {
  const int n = static_cast<int>(detail::two_root_tree_size(children).nodes);
  // The roots are not linked to each other: they talk through any child (distance 2).
  std::vector<std::pair<int, int>> raw;
  raw.reserve(2 * static_cast<std::size_t>(children));
  for (int c = 2; c < n; ++c) {
    raw.emplace_back(0, c);
    raw.emplace_back(1, c);
  }
  Topology t("two-root", detail::topology_name("two-root", {{"children", std::to_string(children)}}),
             n, raw, false);
  std::vector<int> levels(static_cast<std::size_t>(n), 1);
  levels[0] = levels[1] = 0;
  t.set_levels(std::move(levels));
  return t;
}

namespace detail {

std::vector<ParamSpec> two_root_tree_params() {
  return {integer_param("children", "6",
                        "Number m of children, each linked to both roots: N = m + 2.",
                        1, kMaxChildren)};
}

Topology two_root_tree_from_params(const ParamSet& p) {
  return two_root_tree(static_cast<int>(p.integer("children")));
}

}  // namespace detail
}  // namespace mpnsim
