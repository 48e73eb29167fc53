// 2D mesh and torus: node = row*cols + col, linked to its four grid neighbours (wrapping on a torus).
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxSide = static_cast<int>(kMaxTopologyNodes);
}

namespace detail {

TopologySize mesh_size(int rows, int cols, bool torus) {
  check_range("rows", rows, 1, kMaxSide);
  check_range("cols", cols, 1, kMaxSide);
  const std::int64_t n = std::int64_t{rows} * cols;
  const std::int64_t links = torus ? 2 * n : std::int64_t{rows} * (cols - 1) + std::int64_t{cols} * (rows - 1);
  check_size("rows", n, links);
  return {n, links};
}

}  // namespace detail

Topology mesh(int rows, int cols, bool torus) {
  const int n = static_cast<int>(detail::mesh_size(rows, cols, torus).nodes);

  // Each node links right and down; a torus also wraps the last column/row to the first.
  // On a side of 2 the wrap repeats the existing link (merged), on a side of 1 it is a
  // self-loop (dropped): Topology counts both.
  std::vector<std::pair<int, int>> raw;
  raw.reserve(2 * static_cast<std::size_t>(n));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int u = r * cols + c;
      if (c + 1 < cols || torus) raw.emplace_back(u, r * cols + (c + 1) % cols);
      if (r + 1 < rows || torus) raw.emplace_back(u, ((r + 1) % rows) * cols + c);
    }
  }
  Topology t("mesh",
             detail::topology_name("mesh", {{"rows", std::to_string(rows)},
                                            {"cols", std::to_string(cols)},
                                            {"torus", torus ? "true" : "false"}}),
             n, raw, false);
  t.set_vertex_transitive(torus);  // translations of a torus are automorphisms; a mesh has edges
  return t;
}

namespace detail {

std::vector<ParamSpec> mesh_params() {
  return {integer_param("rows", "4",
                        "Number of rows of the grid.",
                        1, kMaxSide),
          integer_param("cols", "4",
                        "Number of columns of the grid (rows*cols is at most 2^20).",
                        1, kMaxSide),
          boolean_param("torus", "false",
                        "Add wrap-around links, making a torus.")};
}

Topology mesh_from_params(const ParamSet& p) {
  return mesh(static_cast<int>(p.integer("rows")), static_cast<int>(p.integer("cols")),
              p.boolean("torus"));
}

}  // namespace detail
}  // namespace mpnsim
