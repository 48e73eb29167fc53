// Diameter and average distance of a network of any size: exact while affordable, else from sampled sources.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "topologies/topology.hpp"

namespace mpnsim {

struct DistanceEstimate {
  bool connected = true;          // every node reaches every other (strongly, when directed)
  bool exact = true;              // false: sampled, see `method`
  int diameter = 0;               // exact, or a lower bound (the largest eccentricity seen)
  double average_distance = 0;    // over ordered pairs of distinct nodes, exact or estimated
  double average_ci95 = 0;        // half-width of the 95 % interval of an estimate (0 when exact)
  int sources = 0;                // breadth-first searches done
  std::string method;             // how the figures were obtained, for the reader
};

// Breadth-first searches (sim/hop_distances.hpp, the one shortest-path routine;
// a search is about N + 2L steps):
//  - a vertex-transitive family: one search from node 0 gives every node's
//    distances, so the figures are exact;
//  - otherwise one search from every node when that fits `exact_budget`: exact;
//  - otherwise node 0, the node farthest from it (a double sweep, which often
//    finds the diameter's ends) and as many sources drawn uniformly (fixed
//    seed) as `sample_budget` allows: the diameter is the largest eccentricity seen
//    (a lower bound) and the average distance the mean over the uniform
//    sources, with a 95 % interval.
// The exact budget is Topology::properties's (where it gives exact figures, so
// does this); the sampled one keeps a summary of a large network to a few seconds.
DistanceEstimate estimate_distances(const Topology& t, double exact_budget = 2e9, double sample_budget = 3e8);

}  // namespace mpnsim
