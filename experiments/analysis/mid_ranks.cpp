// Mid-ranks within each instance: sort by value, best first, and give a tie group the mean of its ranks.
#include "experiments/analysis/mid_ranks.hpp"

#include <algorithm>
#include <numeric>

namespace mpnsim {

std::vector<double> mid_ranks(Better better, std::span<const double> row) {
  std::vector<std::size_t> order(row.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return better == Better::lower ? row[a] < row[b] : row[a] > row[b];
  });
  std::vector<double> ranks(row.size());
  for (std::size_t first = 0; first < order.size();) {
    std::size_t end = first + 1;
    while (end < order.size() && values_tied(row[order[end]], row[order[first]])) ++end;
    // Positions first..end-1 hold ranks first+1..end: their mean is (first + 1 + end) / 2.
    const double rank = static_cast<double>(first + 1 + end) / 2;
    for (std::size_t k = first; k < end; ++k) ranks[order[k]] = rank;
    first = end;
  }
  return ranks;
}

ValueMatrix rank_matrix(Better better, const ValueMatrix& values) {
  check_value_matrix(values);
  ValueMatrix ranks;
  ranks.reserve(values.size());
  for (const auto& row : values) ranks.push_back(mid_ranks(better, row));
  return ranks;
}

std::vector<double> mean_ranks(const ValueMatrix& ranks) {
  check_value_matrix(ranks);
  std::vector<double> means(ranks.front().size(), 0.0);
  for (const auto& row : ranks)
    for (std::size_t v = 0; v < row.size(); ++v) means[v] += row[v];
  for (double& m : means) m /= static_cast<double>(ranks.size());
  return means;
}

}  // namespace mpnsim
