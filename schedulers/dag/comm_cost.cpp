// Pairwise route costs, built hop by hop with the Router so that they follow the engine's paths.
#include "schedulers/dag/comm_cost.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "sim/router.hpp"

namespace mpnsim {

CommCost::CommCost(const MachineSpec& spec) : n_(spec.size()) {
  if (n_ < 1) throw std::invalid_argument("the machine has no processors");
  if (n_ > kMaxProcessors)
    throw std::invalid_argument(
        fmt::format("DAG scheduling takes networks of at most {} processors, this one has {}", kMaxProcessors, n_));
  Router router(spec);
  const std::size_t pairs = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
  hops_.assign(pairs, 0);
  startup_.assign(pairs, 0.0);
  per_unit_.assign(pairs, 0.0);
  neighbours_.resize(static_cast<std::size_t>(n_));
  for (int p = 0; p < n_; ++p)
    for (const Arc& a : router.arcs(p)) neighbours_[static_cast<std::size_t>(p)].push_back(a.to);
  std::vector<std::vector<int>> by_distance;
  for (int q = 0; q < n_; ++q) {
    // Costs to q, filled in order of distance so that the next hop's cost is known.
    by_distance.assign(1, {});
    for (int p = 0; p < n_; ++p) {
      if (p == q) continue;
      const int d = router.distance(p, q);
      if (d == kUnreachable)
        throw std::invalid_argument(fmt::format(
            "processor {} cannot reach processor {}: a task graph may need any two processors to communicate", p, q));
      if (static_cast<std::size_t>(d) >= by_distance.size()) by_distance.resize(static_cast<std::size_t>(d) + 1);
      by_distance[static_cast<std::size_t>(d)].push_back(p);
    }
    for (std::size_t d = 1; d < by_distance.size(); ++d) {
      for (int p : by_distance[d]) {
        const Arc& a = router.next_arc(p, q);
        const LinkSpec& link = spec.links[static_cast<std::size_t>(a.link())];
        const std::size_t i = index(p, q);
        const std::size_t next = index(a.to, q);
        hops_[i] = static_cast<int>(d);
        startup_[i] = link.startup + (a.to == q ? 0.0 : startup_[next]);
        per_unit_[i] = link.z * spec.Tcm + (a.to == q ? 0.0 : per_unit_[next]);
        diameter_ = std::max(diameter_, static_cast<int>(d));
      }
    }
  }
  if (n_ > 1) {
    double s = 0, u = 0;
    for (int p = 0; p < n_; ++p)
      for (int q = 0; q < n_; ++q)
        if (p != q) {
          s += startup_[index(p, q)];
          u += per_unit_[index(p, q)];
        }
    const double count = static_cast<double>(n_) * static_cast<double>(n_ - 1);
    mean_startup_ = s / count;
    mean_per_unit_ = u / count;
  }
  if (!spec.links.empty()) {
    double s = 0, u = 0;
    for (const auto& l : spec.links) {
      s += l.startup;
      u += l.z * spec.Tcm;
    }
    link_startup_ = s / static_cast<double>(spec.links.size());
    link_per_unit_ = u / static_cast<double>(spec.links.size());
  }
}

}  // namespace mpnsim
