// de Bruijn graphs, binary (SPEC §7: L(P_i) = P_2i mod N, R(P_i) = P_(2i+1) mod N) and quaternary.
#include <cstdint>

#include <fmt/format.h>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxOrder = 24;  // binary: N = 2^24; quaternary is held to 4^12 by check_size
}

namespace detail {

TopologySize de_bruijn_size(int order, int base) {
  check_range("order", order, 1, kMaxOrder);
  if (base != 2 && base != 4)
    throw ParamError("base", fmt::format("expected 2 (binary) or 4 (quaternary), got {}", base));
  std::int64_t n64 = 1;
  for (int k = 0; k < order && n64 <= kMaxTopologyNodes; ++k) n64 *= base;
  check_size("order", n64, n64 * base);
  return {n64, n64 * base};
}

}  // namespace detail

Topology de_bruijn(int order, int base, bool directed) {
  const int n = static_cast<int>(detail::de_bruijn_size(order, base).nodes);

  // Shift rule: P_i -> P_(base*i + k) mod N, k = 0..base-1. Nodes 0 and N-1 shift into
  // themselves (self-loops), and for undirected graphs P_i -> P_j and P_j -> P_i can both
  // exist (doubled links); Topology drops and merges them and counts both (SPEC §7).
  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(base));
  for (std::int64_t i = 0; i < n; ++i)
    for (int k = 0; k < base; ++k)
      raw.emplace_back(static_cast<int>(i), static_cast<int>((base * i + k) % n));

  Topology t("debruijn",
             detail::topology_name("debruijn", {{"order", std::to_string(order)},
                                                {"base", std::to_string(base)},
                                                {"directed", directed ? "true" : "false"}}),
             n, raw, directed);
  if (base == 2) {
    std::vector<std::pair<int, int>> lr(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
      lr[static_cast<std::size_t>(i)] = {static_cast<int>(2 * i % n), static_cast<int>((2 * i + 1) % n)};
    t.set_lr(std::move(lr));
  }
  return t;
}

namespace detail {

std::vector<ParamSpec> de_bruijn_params() {
  return {integer_param("order", "3",
                        "Order n: N = base^n processors (base 4 allows n <= 10).",
                        1, kMaxOrder),
          integer_param("base", "2",
                        "2 for the binary de Bruijn graph, 4 for the quaternary one.",
                        2, 4),
          boolean_param("directed", "false",
                        "Keep the shift arcs directed instead of as undirected links.")};
}

Topology de_bruijn_from_params(const ParamSet& p) {
  return de_bruijn(static_cast<int>(p.integer("order")), static_cast<int>(p.integer("base")),
                   p.boolean("directed"));
}

}  // namespace detail
}  // namespace mpnsim
