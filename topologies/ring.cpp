// Ring: P_i linked to P_((i+1) mod n).
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxN = static_cast<int>(kMaxTopologyNodes);
}

namespace detail {

TopologySize ring_size(int n) {
  check_range("n", n, 1, kMaxN);
  return {n, n};
}

}  // namespace detail

Topology ring(int n) {
  detail::ring_size(n);
  // n = 1 gives a self-loop and n = 2 the same link twice: dropped and merged, and counted.
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) raw.emplace_back(i, (i + 1) % n);
  Topology t("ring", detail::topology_name("ring", {{"n", std::to_string(n)}}), n, raw, false);
  t.set_vertex_transitive(true);  // rotations are automorphisms
  return t;
}

namespace detail {

std::vector<ParamSpec> ring_params() {
  return {integer_param("n", "8",
                        "Number of processors on the ring.",
                        1, kMaxN)};
}

Topology ring_from_params(const ParamSet& p) { return ring(static_cast<int>(p.integer("n"))); }

}  // namespace detail
}  // namespace mpnsim
