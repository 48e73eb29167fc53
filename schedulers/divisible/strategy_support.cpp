// Machine adjustments and look-ups shared by divisible-load strategies.
#include "schedulers/divisible/strategy_support.hpp"

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

bool is_homogeneous(const MachineSpec& m) {
  for (const auto& p : m.processors)
    if (p.w != m.processors.front().w) return false;
  for (const auto& l : m.links)
    if (l.z != m.links.front().z || l.startup != m.links.front().startup) return false;
  return true;
}

}  // namespace mpnsim
