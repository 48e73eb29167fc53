// Validation and helpers for MachineSpec.
#include "sim/machine_spec.hpp"

#include <algorithm>
#include <cmath>
#include <vector>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace mpnsim {

namespace {
bool finite_non_negative(double x) { return std::isfinite(x) && x >= 0.0; }
}  // namespace

void validate(const MachineSpec& spec) {
  if (spec.processors.empty()) throw std::invalid_argument("machine has no processors");
  if (!(std::isfinite(spec.Tcp) && spec.Tcp > 0))
    throw std::invalid_argument(fmt::format("Tcp must be a positive number, got {}", spec.Tcp));
  if (!(std::isfinite(spec.Tcm) && spec.Tcm > 0))
    throw std::invalid_argument(fmt::format("Tcm must be a positive number, got {}", spec.Tcm));
  for (std::size_t i = 0; i < spec.processors.size(); ++i) {
    const auto& p = spec.processors[i];
    if (!finite_non_negative(p.w))
      throw std::invalid_argument(fmt::format("processor {}: w must be >= 0, got {}", i, p.w));
    if (p.send_ports < 0 || p.recv_ports < 0)
      throw std::invalid_argument(
          fmt::format("processor {}: port counts must be >= 1 or 'all'", i));
  }
  // Repeated links are found by sorting the endpoint pairs (a std::set costs an
  // allocation per link, which dominates on million-link machines).
  std::vector<std::pair<int, int>> keys;
  keys.reserve(spec.links.size());
  const int n = spec.size();
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const auto& k = spec.links[l];
    if (k.a < 0 || k.a >= n || k.b < 0 || k.b >= n)
      throw std::invalid_argument(
          fmt::format("link {} ({}-{}) names a processor outside 0..{}", l, k.a, k.b, n - 1));
    if (k.a == k.b) throw std::invalid_argument(fmt::format("link {} is a self-loop on {}", l, k.a));
    if (!finite_non_negative(k.z) || !finite_non_negative(k.startup))
      throw std::invalid_argument(fmt::format("link {}-{}: z and S must be >= 0", k.a, k.b));
    keys.push_back(k.directed ? std::pair{k.a, k.b} : std::pair{std::min(k.a, k.b), std::max(k.a, k.b)});
  }
  std::sort(keys.begin(), keys.end());
  if (auto dup = std::adjacent_find(keys.begin(), keys.end()); dup != keys.end())
    throw std::invalid_argument(fmt::format("link {}-{} is given twice", dup->first, dup->second));
}

MachineSpec uniform_machine(int n, const std::vector<std::pair<int, int>>& links, bool directed,
                            const ProcessorSpec& processor, double z, double startup, double Tcp,
                            double Tcm) {
  MachineSpec spec;
  spec.processors.assign(static_cast<std::size_t>(n), processor);
  spec.links.reserve(links.size());
  for (auto [a, b] : links) spec.links.push_back(LinkSpec{a, b, z, startup, directed});
  spec.Tcp = Tcp;
  spec.Tcm = Tcm;
  return spec;
}

}  // namespace mpnsim
