// Machine adjustments and look-ups shared by divisible-load strategies.
#include "schedulers/divisible/strategy_support.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

MachineSpec with_result_return(const MachineSpec& m, double beta) {
  MachineSpec out = m;
  for (auto& l : out.links) {
    l.z *= 1 + beta;
    l.startup *= 1 + beta;
  }
  return out;
}

void set_send_ports(MachineSpec& m, int p, int ports) {
  m.processors[static_cast<std::size_t>(p)].send_ports = ports;
}

const LinkSpec& link_between(const MachineSpec& m, int a, int b) {
  for (const auto& l : m.links)
    if ((l.a == a && l.b == b) || (!l.directed && l.a == b && l.b == a)) return l;
  throw std::invalid_argument(fmt::format("no link between {} and {}", a, b));
}

ParamSpec participation_param() {
  return {"participation", ParamType::text, "optimal",
          "who takes part: the best set for the send order, or everyone whose share is not negative "
          "(the fixed-sequence closed forms' reading)",
          0, 0, {"optimal", "negative-only"}};
}

ParticipationRule participation_rule(const ParamSet& params) {
  return params.text("participation") == "negative-only" ? ParticipationRule::negative_only
                                                         : ParticipationRule::optimal;
}

std::vector<ParamSpec> results_params() {
  return {{"results", ParamType::text, "none",
           "results returned to the centre after computing, as messages over its receive ports: not at all, in "
           "the send order (fifo), in the reverse order (lifo), or in the order with the lowest T (best: exact "
           "up to 8 workers, local search above)",
           0, 0, {"none", "fifo", "lifo", "best"}},
          {"delta", ParamType::real, "0", "result units returned per load unit computed (with results)", 0, 1e300,
           {}}};
}

std::string results_choice(const ParamSet& params) {
  const std::string r = params.text("results");
  if (r == "none" && params.real("delta") != 0)
    throw ParamError("delta", "results are not returned (results: none): give results fifo, lifo or best with it");
  return r;
}

void require_star_around(const Topology& t, int centre) {
  const Adjacency& adjacency = t.adjacency();
  for (int v = 0; v < t.size(); ++v) {
    if (v == centre) continue;
    const auto& adj = adjacency[static_cast<std::size_t>(v)];
    if (std::find(adj.begin(), adj.end(), centre) == adj.end())
      throw std::invalid_argument(fmt::format(
          "{} is not a single-level tree around processor {}: processor {} is not linked to it "
          "(use the generic strategy for other networks)", t.name(), centre, v));
  }
}

std::vector<int> star_send_order(const Topology& t, const MachineSpec& m, int centre, bool fastest_link) {
  std::vector<int> kids;
  for (int v = 0; v < t.size(); ++v)
    if (v != centre) kids.push_back(v);
  if (fastest_link)
    std::stable_sort(kids.begin(), kids.end(), [&](int a, int b) {
      return link_between(m, centre, a).z < link_between(m, centre, b).z;
    });
  return kids;
}

bool is_homogeneous(const MachineSpec& m) {
  for (const auto& p : m.processors)
    if (p.w != m.processors.front().w) return false;
  for (const auto& l : m.links)
    if (l.z != m.links.front().z || l.startup != m.links.front().startup) return false;
  return true;
}

}  // namespace mpnsim
