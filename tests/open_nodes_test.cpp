// The random-DAG generator's open-node set against a plain vector of flags: counts and
// selections after random closings and reopenings, at sizes around the 64-bit words, with the
// parent counts beside the bits and without; the parent counts against a plain vector of counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "workloads/dag/open_nodes.hpp"

namespace mpnsim {
namespace {

// Closes a random node of the set if open, else reopens it, and the flag beside it.
void flip_random_node(OpenNodes& set, std::vector<bool>& open, std::mt19937_64& rng) {
  const int j = static_cast<int>(rng() % open.size());
  if (open[static_cast<std::size_t>(j)])
    set.close(j);
  else
    set.reopen(j);
  open[static_cast<std::size_t>(j)] = !open[static_cast<std::size_t>(j)];
}

TEST(OpenNodes, AgreesWithAPlainListOfFlags) {
  for (const int count_to : {0, 3})
  for (const int n : {1, 2, 63, 64, 65, 127, 128, 129, 1000, 4096, 5000}) {
    SCOPED_TRACE("n " + std::to_string(n) + " count_to " + std::to_string(count_to));
    OpenNodes set(n, count_to);
    std::vector<bool> open(static_cast<std::size_t>(n), true);
    std::mt19937_64 rng(static_cast<std::uint64_t>(n));
    for (int round = 0; round < 3 * n + 50; ++round) {
      flip_random_node(set, open, rng);
      // Every count, and every rank's node, as the flags give them (a sample of them for large n).
      const int step = n > 200 ? n / 97 + 1 : 1;
      int before = 0;
      std::vector<int> by_rank;
      for (int i = 0; i < n; ++i) {
        if (open[static_cast<std::size_t>(i)]) {
          ++before;
          by_rank.push_back(i);
        }
        if (i % step == 0 || i == n - 1) {
          ASSERT_EQ(set.count_through(i), before) << "through " << i;
        }
      }
      ASSERT_EQ(set.total(), before);
      for (int k = 0; k < before; k += step) ASSERT_EQ(set.select(k), by_rank[static_cast<std::size_t>(k)]) << k;
      if (before > 0) {
        ASSERT_EQ(set.select(before - 1), by_rank.back());
      }
    }
  }
}

// Sizes up to 70 000 words (4 375 blocks: the Fenwick tree over them several levels deep), with many nodes
// closed in runs, so that whole words empty; counts and ranks checked against the flags every so
// often.
TEST(OpenNodes, AgreesWithAPlainListOfFlagsAtLargeSizes) {
  for (const int count_to : {0, 2})
  for (const int n : {16 * 64 + 1, 256 * 64 - 1, 256 * 64 + 65, 4096 * 64 + 7, 70000 * 64}) {
    SCOPED_TRACE("n " + std::to_string(n) + " count_to " + std::to_string(count_to));
    OpenNodes set(n, count_to);
    std::vector<bool> open(static_cast<std::size_t>(n), true);
    std::mt19937_64 rng(static_cast<std::uint64_t>(n) + 1);
    for (int round = 0; round < 12; ++round) {
      // A run of closed nodes (whole words and more), then single flips anywhere.
      const int from = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
      const int length = static_cast<int>(rng() % 5000);
      for (int j = from; j < std::min(n, from + length); ++j)
        if (open[static_cast<std::size_t>(j)]) {
          set.close(j);
          open[static_cast<std::size_t>(j)] = false;
        }
      for (int flips = 0; flips < 300; ++flips) {
        flip_random_node(set, open, rng);
      }
      std::vector<int> by_rank;
      for (int i = 0; i < n; ++i) {
        if (open[static_cast<std::size_t>(i)]) by_rank.push_back(i);
        if (i % 997 == 0 || i == n - 1 || i == from || i == from + length) {
          ASSERT_EQ(set.count_through(i), static_cast<int>(by_rank.size())) << "through " << i;
        }
      }
      ASSERT_EQ(set.total(), static_cast<int>(by_rank.size()));
      for (std::size_t k = 0; k < by_rank.size(); k += 1013) ASSERT_EQ(set.select(static_cast<int>(k)), by_rank[k]) << k;
      ASSERT_EQ(set.select(static_cast<int>(by_rank.size()) - 1), by_rank.back());
      ASSERT_EQ(set.select(0), by_rank.front());
    }
  }
}

// select_each gives, rank for rank, what select gives, for one to kMostAtOnce ranks at once, on
// sets with nodes closed at random (ranks repeated and out of order too).
TEST(OpenNodes, SelectEachAgreesWithSelect) {
  for (const int count_to : {0, 1})
  for (const int n : {1, 64, 1000, 16 * 64 * 40 + 3}) {
    SCOPED_TRACE("n " + std::to_string(n) + " count_to " + std::to_string(count_to));
    OpenNodes set(n, count_to);
    std::vector<bool> open(static_cast<std::size_t>(n), true);
    std::mt19937_64 rng(static_cast<std::uint64_t>(n) + 7);
    for (int round = 0; round < 200; ++round) {
      for (int flips = 0; flips < 1 + n / 50; ++flips) flip_random_node(set, open, rng);
      if (set.total() == 0) continue;
      const int count = 1 + static_cast<int>(rng() % OpenNodes::kMostAtOnce);
      int ranks[OpenNodes::kMostAtOnce], nodes[OpenNodes::kMostAtOnce];
      for (int m = 0; m < count; ++m) ranks[m] = static_cast<int>(rng() % static_cast<std::uint64_t>(set.total()));
      set.select_each(ranks, nodes, count);
      for (int m = 0; m < count; ++m) ASSERT_EQ(nodes[m], set.select(ranks[m])) << "rank " << ranks[m];
    }
  }
}

// The parent counts kept beside the bits, against a plain vector of counts: parents added at
// random to nodes below count_to, with closings and reopenings between (which must not touch
// the counts, nor the counts the open bits), every count checked often, and select and
// count_through checked against the flags after it.
TEST(OpenNodes, ParentCountsAgreeWithAPlainVectorOfCounts) {
  for (const int count_to : {1, 2, 3})
  for (const int n : {1, 63, 64, 65, 1000, 16 * 64 * 3 + 5}) {
    SCOPED_TRACE("n " + std::to_string(n) + " count_to " + std::to_string(count_to));
    OpenNodes set(n, count_to);
    std::vector<int> counts(static_cast<std::size_t>(n), 0);
    std::vector<bool> open(static_cast<std::size_t>(n), true);
    std::mt19937_64 rng(static_cast<std::uint64_t>(n) * 4 + static_cast<std::uint64_t>(count_to));
    for (int round = 0; round < 4 * n + 20; ++round) {
      const int j = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
      const auto at = static_cast<std::size_t>(j);
      if (rng() % 3 == 0) {
        flip_random_node(set, open, rng);
      } else if (counts[at] < count_to) {
        ++counts[at];
        ASSERT_EQ(set.add_parent(j), counts[at] == count_to) << "node " << j;
      }
      ASSERT_EQ(set.parents(j), counts[at]) << "node " << j;
      if (round % 50 == 0 || round == 4 * n + 19) {
        std::vector<int> by_rank;
        for (int i = 0; i < n; ++i) {
          ASSERT_EQ(set.parents(i), counts[static_cast<std::size_t>(i)]) << "node " << i;
          if (open[static_cast<std::size_t>(i)]) by_rank.push_back(i);
          ASSERT_EQ(set.count_through(i), static_cast<int>(by_rank.size())) << "through " << i;
        }
        ASSERT_EQ(set.total(), static_cast<int>(by_rank.size()));
        for (std::size_t k = 0; k < by_rank.size(); ++k) ASSERT_EQ(set.select(static_cast<int>(k)), by_rank[k]) << k;
      }
    }
  }
}

}  // namespace
}  // namespace mpnsim
