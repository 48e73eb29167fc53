// Binary hypercube (d-cube): processors are d-bit labels, linked when they differ in one bit.
#include <bit>
#include <cstdint>
#include <utility>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
// d*2^(d-1) links must stay under kMaxTopologyLinks: 20*2^19 = 10 Mi fits, 23*2^22 = 96 Mi does not.
constexpr int kMaxDim = 30;  // beyond what fits: check_size refuses d > 18 with the memory estimate
}

namespace detail {

TopologySize hypercube_size(int dim) {
  check_range("dim", dim, 0, kMaxDim);
  const std::int64_t n = std::int64_t{1} << dim, links = std::int64_t{dim} << (dim > 0 ? dim - 1 : 0);
  check_size("dim", n, links);
  return {n, links};
}

}  // namespace detail

Topology hypercube(int dim) {
  const int n = static_cast<int>(detail::hypercube_size(dim).nodes);
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(dim) / 2);
  std::vector<int> levels(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    // Level = number of one-bits: distance from node 0, the usual layered drawing of a cube.
    levels[static_cast<std::size_t>(i)] = std::popcount(static_cast<unsigned>(i));
    for (int b = 0; b < dim; ++b) {
      const int j = i ^ (1 << b);
      if (i < j) raw.emplace_back(i, j);
    }
  }
  Topology t("hypercube", detail::topology_name("hypercube", {{"dim", std::to_string(dim)}}), n, std::move(raw),
             false);
  t.set_levels(std::move(levels));
  t.set_vertex_transitive(true);  // XOR with any label is an automorphism
  return t;
}

namespace detail {

std::vector<ParamSpec> hypercube_params() {
  return {integer_param("dim", "3",
                        "Dimension d: N = 2^d processors, each linked to the d that differ in one bit.",
                        0, kMaxDim)};
}

Topology hypercube_from_params(const ParamSet& p) {
  return hypercube(static_cast<int>(p.integer("dim")));
}

}  // namespace detail
}  // namespace mpnsim
