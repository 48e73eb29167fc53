// DEM rounds from the topology: hypercube dimensions, LET-6 as in the thesis, or Boost's edge colouring.
#include "schedulers/tree/dimension_rounds.hpp"

#include <algorithm>
#include <bit>
#include <set>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/edge_coloring.hpp>
#include <boost/graph/properties.hpp>

namespace mpnsim {

DimensionRounds dimension_rounds(const Topology& t) {
  DimensionRounds out;
  const int n = t.size();
  if (t.kind() == "hypercube") {
    out.rule = "hypercube dimensions, least significant bit first (thesis §5.1.3)";
    for (int bit = 1; bit < n; bit <<= 1) {
      auto& round = out.rounds.emplace_back();
      for (int i = 0; i < n; ++i)
        if (!(i & bit)) round.emplace_back(i, i | bit);
    }
    return out;
  }
  if (t.kind() == "let" && n == 6) {
    out.rule = "the thesis's rounds for LET-6 (thesis §5.1.3)";
    out.rounds = {{{0, 1}, {0, 2}, {0, 3}}, {{1, 3}, {2, 4}}, {{1, 4}, {2, 5}, {3, 5}}};
    return out;
  }
  out.rule = "colour classes of a proper edge colouring (boost::edge_coloring)";
  // Undirected, each pair once, in link order.
  std::vector<std::pair<int, int>> pairs;
  std::set<std::pair<int, int>> seen;
  for (auto [a, b] : t.links()) {
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    if (a != b && seen.insert(key).second) pairs.push_back(key);
  }
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                      boost::property<boost::edge_index_t, std::size_t>>;
  Graph g(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < pairs.size(); ++i)
    boost::add_edge(static_cast<std::size_t>(pairs[i].first), static_cast<std::size_t>(pairs[i].second), i, g);
  std::vector<std::size_t> colour(pairs.size(), 0);
  if (!pairs.empty()) {
    boost::edge_coloring(g, boost::make_iterator_property_map(colour.begin(), boost::get(boost::edge_index, g)));
    const std::size_t colours = *std::max_element(colour.begin(), colour.end()) + 1;
    out.rounds.resize(colours);
    for (std::size_t i = 0; i < pairs.size(); ++i) out.rounds[colour[i]].push_back(pairs[i]);
    std::erase_if(out.rounds, [](const auto& r) { return r.empty(); });
  }
  return out;
}

}  // namespace mpnsim
