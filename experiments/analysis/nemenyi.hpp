// The Nemenyi post-hoc test: the critical difference of mean ranks between two of k variants.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace mpnsim {

// Two variants of k ranked on n instances perform differently, at level alpha, when their mean
// ranks differ by at least CD = q_alpha / sqrt(2) * sqrt(k (k + 1) / (6 n)) (Nemenyi 1963; Demšar,
// "Statistical comparisons of classifiers over multiple data sets", JMLR 7, 2006, §3.2.2), where
// q_alpha is the 1 - alpha quantile of the studentized range of k means with infinite degrees of
// freedom (studentized_range_quantile; Demšar's Table 5 prints q_alpha / sqrt(2)).
// Needs k >= 2, n >= 1 and 0 < alpha < 1 (throws std::invalid_argument otherwise).
double nemenyi_critical_difference(std::size_t k, std::size_t n, double alpha = 0.05);

// The groups a critical-difference diagram joins by a bar: the maximal runs of variants, in the
// order of their mean ranks, whose mean ranks span less than `cd`, so that no two of a group are
// shown different (Demšar 2006, Fig. 1). Groups of one are left out. Each group lists variant
// indices by ascending mean rank; groups are in the order of their first member's rank.
std::vector<std::vector<std::size_t>> nemenyi_groups(std::span<const double> mean_ranks, double cd);

}  // namespace mpnsim
