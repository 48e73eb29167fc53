// Complete graph: every pair of processors linked.
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
// n(n-1)/2 links must stay under kMaxTopologyLinks (2048: 2.1 Mi links).
constexpr int kMaxN = 2048;
}

namespace detail {

TopologySize complete_graph_size(int n) {
  check_range("n", n, 1, kMaxN);
  return {n, std::int64_t{n} * (n - 1) / 2};
}

}  // namespace detail

Topology complete_graph(int n) {
  detail::complete_graph_size(n);
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(n - 1) / 2);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) raw.emplace_back(i, j);
  Topology t("complete", detail::topology_name("complete", {{"n", std::to_string(n)}}), n, raw, false);
  t.set_vertex_transitive(true);  // any permutation is an automorphism
  return t;
}

namespace detail {

std::vector<ParamSpec> complete_graph_params() {
  return {integer_param("n", "8",
                        "Number of processors, every pair linked.",
                        1, kMaxN)};
}

Topology complete_graph_from_params(const ParamSet& p) {
  return complete_graph(static_cast<int>(p.integer("n")));
}

}  // namespace detail
}  // namespace mpnsim
