// unique_task_names: names made one to one with the tasks' ids.
#include "workloads/dag/unique_task_names.hpp"

#include <unordered_map>
#include <unordered_set>

namespace mpnsim {

std::vector<std::string> unique_task_names(const std::vector<std::string>& names, const std::vector<std::string>& ids) {
  std::unordered_map<std::string, int> bearers;
  for (const auto& n : names) ++bearers[n];
  std::vector<std::string> out;
  out.reserve(names.size());
  bool renamed = false;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (bearers[names[i]] == 1) {
      out.push_back(names[i]);
    } else {
      out.push_back(names[i] + "#" + ids[i]);
      renamed = true;
    }
  }
  if (!renamed) return out;
  std::unordered_set<std::string> seen;
  for (const auto& n : out)
    if (!seen.insert(n).second) return ids;
  return out;
}

}  // namespace mpnsim
