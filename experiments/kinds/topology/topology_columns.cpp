// The result columns of kind `topology`: one row per network.
#include "experiments/kinds/topology/topology_experiment.hpp"

namespace mpnsim {

const std::vector<RowsMode>& TopologyExperiment::rows_modes() const {
  using enum ColumnType;
  static const std::vector<RowsMode> modes{
      {"summary", "one row per network",
       {{"network", text, std::nullopt, "the network with its parameters, e.g. let(depth=2)", ""},
        {"nodes", numeric, std::nullopt, "processors (nodes) of the network", ""},
        {"links", numeric, std::nullopt, "undirected links (directed arcs for directed families)", ""},
        {"max_degree", numeric, Better::lower, "largest number of links at a node", ""},
        {"min_degree", numeric, std::nullopt, "smallest number of links at a node", ""},
        {"diameter", numeric, Better::lower, "largest hop distance between two nodes (empty when not computed)", ""},
        {"average_distance", numeric, Better::lower,
         "mean hop distance over ordered pairs of distinct nodes (empty when not computed)", ""},
        {"self_loops_dropped", numeric, std::nullopt,
         "links from a node to itself the family made and were dropped", ""},
        {"duplicate_links_merged", numeric, std::nullopt, "links the family made twice and were merged", ""},
        {"note", text, std::nullopt, "why diameter and average distance were not computed",
         "networks too large to search from every node"}}},
  };
  return modes;
}

std::vector<std::string> TopologyExperiment::point_outputs() const { return {}; }

}  // namespace mpnsim
