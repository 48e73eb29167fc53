// Exact or sampled breadth-first distances for `mpnsim topo`'s summary.
#include "topologies/distance_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "sim/hop_distances.hpp"

namespace mpnsim {

namespace {

struct SourceResult {
  bool reaches_all = true;
  int eccentricity = 0;
  int farthest = 0;
  double mean = 0;  // mean distance to the other nodes
};

SourceResult from_source(const Adjacency& adjacency, int s) {
  SourceResult r;
  const std::vector<int> d = hop_distances(adjacency, s);
  std::int64_t total = 0;
  for (std::size_t v = 0; v < d.size(); ++v) {
    if (d[v] == kUnreachable) {
      r.reaches_all = false;
      return r;
    }
    total += d[v];
    if (d[v] > r.eccentricity) {
      r.eccentricity = d[v];
      r.farthest = static_cast<int>(v);
    }
  }
  r.mean = d.size() > 1 ? static_cast<double>(total) / static_cast<double>(d.size() - 1) : 0.0;
  return r;
}

}  // namespace

DistanceEstimate estimate_distances(const Topology& t, double exact_budget, double sample_budget) {
  DistanceEstimate e;
  const int n = t.size();
  const double per_search = static_cast<double>(n) + 2.0 * static_cast<double>(t.links().size());
  const auto& adjacency = t.adjacency();
  auto exact = [&](int sources, std::string method) {
    std::int64_t steps = 0;
    double total = 0;
    for (int s = 0; s < sources; ++s) {
      const SourceResult r = from_source(adjacency, s);
      ++steps;
      if (!r.reaches_all) {
        e.connected = false;
        break;
      }
      e.diameter = std::max(e.diameter, r.eccentricity);
      total += r.mean;
    }
    e.sources = static_cast<int>(steps);
    e.average_distance = e.connected && sources > 0 ? total / sources : 0.0;
    e.method = std::move(method);
    return e;
  };
  if (n <= 1) return exact(n, "exact (a single node)");
  if (t.vertex_transitive())
    return exact(1, "exact: one breadth-first search from node 0 (the family is vertex-transitive: every node sees "
                    "the same distances)");
  if (static_cast<double>(n) * per_search <= exact_budget)
    return exact(n, fmt::format("exact: a breadth-first search from each of the {} nodes", n));

  // Sampled. The double sweep gives a good lower bound on the diameter; the
  // uniform sources an unbiased estimate of the average distance.
  e.exact = false;
  const int searches = static_cast<int>(std::clamp(sample_budget / per_search, 4.0, static_cast<double>(n)));
  const SourceResult first = from_source(adjacency, 0);
  if (!first.reaches_all) {
    e.connected = false;
    e.sources = 1;
    e.method = "node 0 does not reach every node";
    return e;
  }
  const SourceResult far = from_source(adjacency, first.farthest);
  e.diameter = std::max(first.eccentricity, far.eccentricity);
  e.connected = far.reaches_all;
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int> pick(0, n - 1);
  std::vector<double> means;
  for (int s = 2; s < searches && e.connected; ++s) {
    const SourceResult r = from_source(adjacency, pick(rng));
    if (!r.reaches_all) e.connected = false;
    e.diameter = std::max(e.diameter, r.eccentricity);
    means.push_back(r.mean);
  }
  e.sources = 2 + static_cast<int>(means.size());
  if (!e.connected) {
    e.method = "some node does not reach every other";
    return e;
  }
  double mean = 0, var = 0;
  for (double m : means) mean += m;
  mean /= static_cast<double>(means.size());
  for (double m : means) var += (m - mean) * (m - mean);
  var /= std::max<double>(1, static_cast<double>(means.size()) - 1);
  e.average_distance = mean;
  e.average_ci95 = 1.96 * std::sqrt(var / static_cast<double>(means.size()));
  e.method = fmt::format(
      "estimated: a search from every node would take ~{:.1e} steps; {} searches instead: node 0, the node "
      "farthest from it (the diameter is the largest eccentricity seen, a lower bound) and {} uniformly drawn "
      "sources (seed 1; the average distance is their mean)",
      static_cast<double>(n) * per_search, e.sources, means.size());
  return e;
}

}  // namespace mpnsim
