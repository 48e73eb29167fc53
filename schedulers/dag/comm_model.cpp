// The `comm` and `route` parameters shared by every DAG scheduler.
#include "schedulers/dag/comm_model.hpp"

#include <limits>

namespace mpnsim {

std::vector<ParamSpec> comm_params(const std::string& comm_default) {
  ParamSpec comm{"comm", ParamType::text, comm_default,
                 "communication model: free (each message has its route to itself, the papers' model) or "
                 "contention (messages booked hop by hop on links, ports and CPUs, so the plan is its replay)",
                 -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                 {"free", "contention"}};
  ParamSpec route{"route", ParamType::text, "engine",
                  "with comm: contention, the route of each message: engine (the engine's shortest path) or "
                  "earliest (the shortest path whose last hop ends first)",
                  -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                  {"engine", "earliest"}};
  return {comm, route};
}

CommOptions comm_options(const ParamSet& params) {
  CommOptions o;
  if (params.has("comm") && params.text("comm") == "contention") o.model = CommModel::contention;
  if (params.has("route") && params.text("route") == "earliest") o.route = RouteChoice::earliest;
  return o;
}

}  // namespace mpnsim
