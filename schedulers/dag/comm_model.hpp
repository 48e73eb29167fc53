// How a DAG scheduler counts communication: contention-free route delays, or messages booked on the network.
#pragma once

#include <string>
#include <vector>

#include "sim/parameters.hpp"

namespace mpnsim {

enum class CommModel {
  free,        // a message takes its route's delay as if it had the route to itself (the papers' model)
  contention,  // every message is booked hop by hop on links, ports and CPUs (ContentionBuilder)
};

enum class RouteChoice {
  engine,    // the engine's own route: shortest path, lowest-numbered next hop
  earliest,  // of all shortest paths, the one whose last hop ends first given the bookings so far
};

struct CommOptions {
  CommModel model = CommModel::free;
  RouteChoice route = RouteChoice::engine;
};

// `comm` and `route`, which every DAG scheduler takes; `comm_default` is "free" except for
// schedulers that are contention-aware by nature (BSA).
std::vector<ParamSpec> comm_params(const std::string& comm_default = "free");
// The options a scheduler's resolved parameters ask for (defaults when they hold neither).
CommOptions comm_options(const ParamSet& params);

}  // namespace mpnsim
