// Linear chain (linear array): P_i linked to P_(i+1).
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxN = static_cast<int>(kMaxTopologyNodes);
}

namespace detail {

TopologySize chain_size(int n) {
  check_range("n", n, 1, kMaxN);
  return {n, n - 1};
}

}  // namespace detail

Topology chain(int n) {
  detail::chain_size(n);
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i + 1 < n; ++i) raw.emplace_back(i, i + 1);
  return Topology("chain", detail::topology_name("chain", {{"n", std::to_string(n)}}), n, raw, false);
}

namespace detail {

std::vector<ParamSpec> chain_params() {
  return {integer_param("n", "8",
                        "Number of processors, P_0 .. P_(n-1) in a line.",
                        1, kMaxN)};
}

Topology chain_from_params(const ParamSet& p) { return chain(static_cast<int>(p.integer("n"))); }

}  // namespace detail
}  // namespace mpnsim
