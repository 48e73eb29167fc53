// Star: centre P_0 linked to each of P_1 .. P_(n-1).
#include <cstdint>
#include <utility>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxN = static_cast<int>(kMaxTopologyNodes);
}

namespace detail {

TopologySize star_size(int n) {
  check_range("n", n, 1, kMaxN);
  return {n, n - 1};
}

}  // namespace detail

Topology star(int n) {
  detail::star_size(n);
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i < n; ++i) raw.emplace_back(0, i);
  Topology t("star", detail::topology_name("star", {{"n", std::to_string(n)}}), n, std::move(raw), false);
  // A star is a one-level tree: the centre on level 0, the rest on level 1.
  std::vector<int> levels(static_cast<std::size_t>(n), 1);
  levels[0] = 0;
  t.set_levels(std::move(levels));
  return t;
}

namespace detail {

std::vector<ParamSpec> star_params() {
  return {integer_param("n", "8",
                        "Number of processors in all, the centre P_0 included.",
                        1, kMaxN)};
}

Topology star_from_params(const ParamSet& p) { return star(static_cast<int>(p.integer("n"))); }

}  // namespace detail
}  // namespace mpnsim
