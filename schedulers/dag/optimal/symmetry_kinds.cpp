// Kinds of processors and pairs for the exact search's processor symmetries (symmetry_kinds.hpp).
#include "schedulers/dag/optimal/symmetry_kinds.hpp"

#include <algorithm>
#include <map>

namespace mpnsim {

namespace {

// Numbers each distinct vector in the order it is first seen.
class Interner {
 public:
  int operator()(std::vector<double> key) {
    const auto [it, added] = ids_.emplace(std::move(key), static_cast<int>(ids_.size()));
    return it->second;
  }

 private:
  std::map<std::vector<double>, int> ids_;
};

}  // namespace

std::vector<int> free_model_kinds(const DagProblem& problem, const SearchTables& tables) {
  const TaskGraph& g = problem.graph;
  const int P = problem.processors();
  std::vector<double> sizes;
  for (int e = 0; e < g.edge_count(); ++e) sizes.push_back(g.edge(e).data);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());

  Interner intern;
  std::vector<int> kinds(static_cast<std::size_t>(P) * static_cast<std::size_t>(P));
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < P; ++q) {
      std::vector<double> key;
      if (p == q) {
        key.push_back(-1);  // apart from every pair's key, whose entries are delays >= 0
        for (int t = 0; t < tables.tasks; ++t) key.push_back(tables.time(t, p));
      } else {
        key.push_back(-2);
        for (double d : sizes) key.push_back(problem.comm.delay(p, q, d));
      }
      kinds[static_cast<std::size_t>(p) * static_cast<std::size_t>(P) + static_cast<std::size_t>(q)] = intern(std::move(key));
    }
  return kinds;
}

}  // namespace mpnsim
