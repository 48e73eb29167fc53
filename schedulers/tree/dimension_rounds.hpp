// The "dimensions" DEM balances along, in order: hypercube bits, the thesis's LET-6 rounds, or an edge colouring.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "topologies/topology.hpp"

namespace mpnsim {

struct DimensionRounds {
  // Each round is a list of processor pairs balanced one after the other, in this order.
  std::vector<std::vector<std::pair<int, int>>> rounds;
  std::string rule;  // which rule made them, for outputs and documentation
};

// Thesis §5.1.3:
//  - hypercube: round b pairs the processors that differ in bit b, from the least significant bit;
//  - LET of depth 2 (6 processors): the thesis's own rounds (0-1),(0-2),(0-3) | (1-3),(2-4) |
//    (1-4),(2-5),(3-5). Their first round is not a matching (three pairs share P0, balanced one
//    after the other), so no proper edge colouring gives it: this is a special case;
//  - any other network: the colour classes of a proper edge colouring of its links
//    (boost::edge_coloring, Misra-Gries, at most max degree + 1 rounds), rounds in colour order,
//    pairs in link order. Directed links are coloured as undirected ones.
DimensionRounds dimension_rounds(const Topology& topology);

}  // namespace mpnsim
