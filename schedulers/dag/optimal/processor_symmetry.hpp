// Which processors an exact search may treat as one: orbits of the machine's symmetries that fix the processors in use.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace mpnsim {

// A symmetry of the machine is a permutation σ of its processors under which every ordered
// pair looks the same to the model: kind(σp, σq) == kind(p, q) for all p, q (the diagonal
// kind(p, p) describes processor p itself). Placing the next task on p or on σp then leads to
// searches that are images of each other, as long as σ fixes every processor already holding
// a task; an exact search tries one processor of each orbit (Orr & Sinnen's processor
// normalisation, here for any network: every processor of a complete graph is alike; on a
// hypercube or torus, every processor at the same distances from those in use).
class ProcessorSymmetry {
 public:
  // kinds[p * n + q]: a class number for the ordered pair (p, q); n * n entries, n <= 64.
  ProcessorSymmetry(int processors, std::vector<int> kinds);

  int processors() const { return n_; }
  // For each processor, the least processor of its orbit under the symmetries that fix every
  // processor of `used` (bit p stands for processor p). Computed once per set and kept; the
  // reference stays valid for at least the next 2^15 calls.
  const std::vector<int>& leaders(std::uint64_t used);

 private:
  int kind(int p, int q) const { return kinds_[static_cast<std::size_t>(p * n_ + q)]; }
  // A symmetry fixing `used` that maps a to b, written into map_, if the search finds one
  // within its step limit (not finding one only costs the search some repeated work).
  bool find_symmetry(std::uint64_t used, int a, int b);
  bool extend(int next, std::vector<int>& order, long& steps);
  bool consistent(int x, int y) const;

  int n_ = 0;
  std::vector<int> kinds_;
  std::vector<int> map_, inverse_;
  std::unordered_map<std::uint64_t, std::vector<int>> cache_, retired_;
};

}  // namespace mpnsim
