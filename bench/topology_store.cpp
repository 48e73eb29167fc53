// Memory and build time of a d-cube as mpnsim's Topology and as Boost.Graph's compressed_sparse_row_graph.
//
// Issue #13 asks whether topologies should be stored as Boost.Graph's CSR graph
// (docs/performance.md, "SimGrid side by side"). Each store is built
// in a process of its own, so that the resident growth is its own:
//   topology_store D topology   mpnsim's Topology (sorted link list and neighbour lists)
//   topology_store D csr        CSR, directedS, both arcs of every link, 32-bit indices
//   topology_store D csr-bidir  CSR, bidirectionalS (in-edges kept too, as TopologyGraph has them)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include "topologies/families.hpp"

namespace {

long resident_kb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4;
}

using Arcs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// Both arcs of every link, sorted by source: the order the CSR constructor reads.
Arcs cube_arcs(int d) {
  const std::uint32_t n = 1u << d;
  Arcs arcs;
  arcs.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(d));
  for (std::uint32_t i = 0; i < n; ++i)
    for (int b = 0; b < d; ++b) arcs.emplace_back(i, i ^ (1u << b));
  return arcs;
}

template <typename Direction, typename Tag>
std::size_t build_csr(int d, Tag tag) {
  using Graph = boost::compressed_sparse_row_graph<Direction, boost::no_property, boost::no_property,
                                                   boost::no_property, std::uint32_t, std::uint32_t>;
  Arcs arcs = cube_arcs(d);
  static const Graph g(tag, arcs.begin(), arcs.end(), 1u << d);
  Arcs().swap(arcs);  // the list the graph was built from is not kept
  return boost::num_edges(g) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s DIM topology|csr|csr-bidir\n", argv[0]);
    return 2;
  }
  const int d = std::stoi(argv[1]);
  const std::string store = argv[2];
  const long before = resident_kb();
  const auto t0 = std::chrono::steady_clock::now();
  std::size_t links = 0;
  if (store == "topology") {
    static const mpnsim::Topology t = mpnsim::hypercube(d);
    links = t.links().size();
  } else if (store == "csr") {
    links = build_csr<boost::directedS>(d, boost::edges_are_sorted);
  } else if (store == "csr-bidir") {
    links = build_csr<boost::bidirectionalS>(d, boost::edges_are_unsorted_multi_pass);
  } else {
    std::fprintf(stderr, "unknown store '%s'\n", store.c_str());
    return 2;
  }
  const double ms = 1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const long grown = resident_kb() - before;
  std::printf("%-10s d=%d links=%zu build %.1f ms, resident +%.1f MB, %.1f bytes a link\n", store.c_str(), d, links,
              ms, static_cast<double>(grown) / 1024, static_cast<double>(grown) * 1024 / static_cast<double>(links));
  return 0;
}
