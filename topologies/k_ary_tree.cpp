// Complete k-ary tree (binary tree for k = 2): node 0 is the root, children of i are k*i+1..k*i+k.
#include <cstdint>

#include "topologies/families.hpp"

namespace mpnsim {

namespace {
constexpr int kMaxArity = 1024;
constexpr int kMaxDepth = static_cast<int>(kMaxTopologyNodes);  // arity 1 is a chain
}

namespace detail {

TopologySize k_ary_tree_size(int arity, int depth) {
  check_range("arity", arity, 1, kMaxArity);
  check_range("depth", depth, 0, kMaxDepth);
  // N = 1 + k + ... + k^depth, summed with a stop so that huge requests cannot overflow.
  std::int64_t n64 = 0, width = 1;
  for (int l = 0; l <= depth && n64 <= kMaxTopologyNodes; ++l, width *= arity) n64 += width;
  check_size("depth", n64, n64 - 1);
  return {n64, n64 - 1};
}

}  // namespace detail

Topology k_ary_tree(int arity, int depth) {
  const int n = static_cast<int>(detail::k_ary_tree_size(arity, depth).nodes);

  std::vector<std::pair<int, int>> raw;
  raw.reserve(static_cast<std::size_t>(n));
  std::vector<int> levels(static_cast<std::size_t>(n), 0);
  for (int c = 1; c < n; ++c) {
    const int parent = (c - 1) / arity;
    raw.emplace_back(parent, c);
    levels[static_cast<std::size_t>(c)] = levels[static_cast<std::size_t>(parent)] + 1;
  }
  Topology t("tree",
             detail::topology_name("tree", {{"arity", std::to_string(arity)},
                                            {"depth", std::to_string(depth)}}),
             n, raw, false);
  t.set_levels(std::move(levels));
  if (arity == 2) {
    // Binary tree: L and R are the left and right children, -1 at the leaves.
    std::vector<std::pair<int, int>> lr(static_cast<std::size_t>(n), {-1, -1});
    for (int i = 0; 2 * i + 2 < n; ++i) lr[static_cast<std::size_t>(i)] = {2 * i + 1, 2 * i + 2};
    t.set_lr(std::move(lr));
  }
  return t;
}

namespace detail {

std::vector<ParamSpec> k_ary_tree_params() {
  return {integer_param("arity", "2",
                        "Children per inner node (2 for a binary tree).",
                        1, kMaxArity),
          integer_param("depth", "3",
                        "Depth D: levels 0..D, all full, N = 1 + k + ... + k^D.",
                        0, kMaxDepth)};
}

Topology k_ary_tree_from_params(const ParamSet& p) {
  return k_ary_tree(static_cast<int>(p.integer("arity")), static_cast<int>(p.integer("depth")));
}

}  // namespace detail
}  // namespace mpnsim
