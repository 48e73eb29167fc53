// The random-DAG generator's set of open nodes (room for a parent): count, select by rank, O(log n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mpnsim {

// Nodes 0..n-1, all open at first. One bit per node; each 64-bit word's count of set bits in a
// byte; and a Fenwick tree of the counts of blocks of kBlockWords words: counting and selecting
// walk the tree over blocks, then the block's word counts, then the word.
class OpenNodes {
 public:
  explicit OpenNodes(int n);
  int total() const { return total_; }
  // Open nodes among 0..i.
  int count_through(int i) const;
  // The open node with exactly k open nodes before it (0 <= k < total()).
  int select(int k) const;
  // select(ranks[m]) into nodes[m] for each m < count (count at most kMostAtOnce), the
  // selections' steps taken side by side, so that their reads of memory wait together.
  static constexpr int kMostAtOnce = 8;
  void select_each(const int* ranks, int* nodes, int count) const;
  void close(int j) { flip(j, -1); }   // j must be open
  void reopen(int j) { flip(j, +1); }  // j must be closed

 private:
  static constexpr std::size_t kBlockWords = 16;
  void flip(int j, int delta);
  // select's two halves: the tree's descent (the block and the rank left in it), then the block.
  std::size_t descend(int& k) const;
  int in_block(std::size_t block, int k) const;
  std::vector<std::uint64_t> bits_;        // whole blocks of words; no nodes past n - 1
  std::vector<std::uint8_t> word_counts_;  // set bits of each word (at most 64)
  std::vector<int> tree_;  // Fenwick tree over the blocks' counts, 1-based, then INT_MAX up to 2 top_
  std::size_t size_;       // the tree's own nodes (1 + blocks), those before the INT_MAX ones
  std::size_t top_ = 1;    // highest power of two below size_
  int total_;
};

}  // namespace mpnsim
