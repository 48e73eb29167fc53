// Communication delay between every pair of processors along the engine's own routes (SPEC §5).
#pragma once

#include <vector>

#include "sim/hop_distances.hpp"
#include "sim/machine_spec.hpp"

namespace mpnsim {

// A message of d units from p to q (p != q) costs the sum over the hops of its route of
// (S + d * z * Tcm): h * (S + C * d) on a homogeneous network, as SPEC §5 and the thesis
// (§6.1) count it, and exactly what the engine takes when nothing else is on those links.
// Routes are the Router's (shortest path, lowest-numbered next hop), so the scheduler's
// estimate and the replay follow the same links. 0 on the same processor.
class CommCost {
 public:
  // Largest network accepted: the tables take 20 bytes per ordered pair.
  static constexpr int kMaxProcessors = 4096;

  // Throws std::invalid_argument when the network is larger than kMaxProcessors or some
  // processor cannot reach another (a DAG may need any pair to communicate).
  explicit CommCost(const MachineSpec& spec);

  int processors() const { return n_; }
  int hops(int p, int q) const { return hops_[index(p, q)]; }
  double delay(int p, int q, double data) const {
    const std::size_t i = index(p, q);
    return p == q ? 0.0 : startup_[i] + data * per_unit_[i];
  }
  // Row p of delay's tables: delay(p, q, d) is startup_row(p)[q] + d * per_unit_row(p)[q] for
  // every q, q == p too (both 0 there, and d is finite), so a loop over q needs no branch.
  const double* startup_row(int p) const { return startup_.data() + index(p, 0); }
  const double* per_unit_row(int p) const { return per_unit_.data() + index(p, 0); }
  // Mean delay over the ordered pairs of distinct processors (HEFT's average cost).
  double mean_delay(double data) const { return mean_startup_ + data * mean_per_unit_; }
  // Mean cost of one hop, S + z * Tcm * d averaged over links: C(D) of thesis eq (6.4).
  double one_hop_delay(double data) const { return link_startup_ + data * link_per_unit_; }
  // Processors one hop away from p (out-neighbours on directed networks), increasing.
  const std::vector<int>& neighbours(int p) const { return neighbours_[static_cast<std::size_t>(p)]; }
  int diameter() const { return diameter_; }

 private:
  std::size_t index(int p, int q) const {
    return static_cast<std::size_t>(p) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(q);
  }
  int n_ = 0;
  std::vector<int> hops_;
  std::vector<double> startup_, per_unit_;
  Adjacency neighbours_;
  double mean_startup_ = 0, mean_per_unit_ = 0;
  double link_startup_ = 0, link_per_unit_ = 0;
  int diameter_ = 0;
};

}  // namespace mpnsim
