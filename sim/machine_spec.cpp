// Validation and helpers for MachineSpec.
#include "sim/machine_spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
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
  // Repeated links are found row by row: each link's key (the endpoints, the
  // smaller first unless it is directed) is placed under its first endpoint by
  // a counting pass, then each short row is sorted. A global sort of the keys
  // took a tenth of a 2^16-processor run's set-up; a std::set, an allocation per link.
  const int n = spec.size();
  const auto key = [](const LinkSpec& k) {
    return k.directed ? std::pair{k.a, k.b} : std::pair{std::min(k.a, k.b), std::max(k.a, k.b)};
  };
  std::vector<std::uint32_t> first(static_cast<std::size_t>(n) + 1, 0);
  // Keys in strictly increasing order, as every topology lists its links, are all distinct:
  // then the rows are not needed (at d = 20 they are 42 MB of fresh pages for 10.5 M links).
  bool increasing = true;
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const auto& k = spec.links[l];
    if (k.a < 0 || k.a >= n || k.b < 0 || k.b >= n)
      throw std::invalid_argument(
          fmt::format("link {} ({}-{}) names a processor outside 0..{}", l, k.a, k.b, n - 1));
    if (k.a == k.b) throw std::invalid_argument(fmt::format("link {} is a self-loop on {}", l, k.a));
    if (!finite_non_negative(k.z) || !finite_non_negative(k.startup))
      throw std::invalid_argument(fmt::format("link {}-{}: z and S must be >= 0", k.a, k.b));
    ++first[static_cast<std::size_t>(key(k).first) + 1];
    increasing = increasing && (l == 0 || key(spec.links[l - 1]) < key(k));
  }
  if (increasing) return;
  for (std::size_t u = 1; u < first.size(); ++u) first[u] += first[u - 1];
  std::vector<int> second(spec.links.size());
  {
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (const auto& k : spec.links) {
      const int a = k.directed ? k.a : std::min(k.a, k.b);
      const int b = k.directed ? k.b : std::max(k.a, k.b);
      second[fill[static_cast<std::size_t>(a)]++] = b;
    }
  }
  for (int a = 0; a < n; ++a) {
    const auto row_begin = second.begin() + first[static_cast<std::size_t>(a)];
    const auto row_end = second.begin() + first[static_cast<std::size_t>(a) + 1];
    if (!std::is_sorted(row_begin, row_end)) std::sort(row_begin, row_end);
    if (auto dup = std::adjacent_find(row_begin, row_end); dup != row_end)
      throw std::invalid_argument(fmt::format("link {}-{} is given twice", a, *dup));
  }
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
