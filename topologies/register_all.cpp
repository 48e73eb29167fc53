// The topology families mpnsim knows, in the order `mpnsim list` prints them (STYLE: one explicit list).
#include "topologies/families.hpp"
#include "topologies/registry.hpp"

namespace mpnsim {

const std::vector<TopologyEntry>& topology_registry() {
  using namespace detail;
  // Built once, never changed afterwards: an immutable table, not shared mutable state.
  static const std::vector<TopologyEntry> registry{
      {"let", "Linearly extensible tree, thesis eq 3.3: level j holds j+1 processors",
       let_params(), let_from_params,
       [](const ParamSet& p) { return let_size(static_cast<int>(p.integer("depth"))); }},
      {"hypercube", "Binary hypercube of dimension d, 2^d processors", hypercube_params(),
       hypercube_from_params, [](const ParamSet& p) { return hypercube_size(static_cast<int>(p.integer("dim"))); }},
      {"debruijn", "Binary or quaternary de Bruijn graph, directed or undirected",
       de_bruijn_params(), de_bruijn_from_params,
       [](const ParamSet& p) {
         return de_bruijn_size(static_cast<int>(p.integer("order")), static_cast<int>(p.integer("base")));
       }},
      {"mesh", "2D mesh, or torus with wrap-around links", mesh_params(), mesh_from_params,
       [](const ParamSet& p) {
         return mesh_size(static_cast<int>(p.integer("rows")), static_cast<int>(p.integer("cols")), p.boolean("torus"));
       }},
      {"tree", "Complete k-ary tree (binary for arity 2)", k_ary_tree_params(),
       k_ary_tree_from_params,
       [](const ParamSet& p) {
         return k_ary_tree_size(static_cast<int>(p.integer("arity")), static_cast<int>(p.integer("depth")));
       }},
      {"chain", "Linear chain of processors", chain_params(), chain_from_params,
       [](const ParamSet& p) { return chain_size(static_cast<int>(p.integer("n"))); }},
      {"ring", "Ring of processors", ring_params(), ring_from_params,
       [](const ParamSet& p) { return ring_size(static_cast<int>(p.integer("n"))); }},
      {"star", "Star: one centre linked to every other processor", star_params(),
       star_from_params, [](const ParamSet& p) { return star_size(static_cast<int>(p.integer("n"))); }},
      {"two-root", "Two roots, each linked to every child of a single level",
       two_root_tree_params(), two_root_tree_from_params,
       [](const ParamSet& p) { return two_root_tree_size(static_cast<int>(p.integer("children"))); }},
      {"complete", "Complete graph: every pair of processors linked", complete_graph_params(),
       complete_graph_from_params,
       [](const ParamSet& p) { return complete_graph_size(static_cast<int>(p.integer("n"))); }},
  };
  return registry;
}

}  // namespace mpnsim
