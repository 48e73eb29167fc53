// The random-DAG generator's set of open nodes (room for a parent): count, select by rank, O(log n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mpnsim {

// Nodes 0..n-1, all open at first. One bit per node; each 64-bit word's count of set bits in a
// byte; and a Fenwick tree of the counts of blocks of kBlockWords words: counting and selecting
// walk the tree over blocks, then the block's word counts, then the word.
//
// With count_to 1..3 the set also counts each node's parents (0..count_to) in two bits kept
// beside the node's open bit, so that the generator's count of a child just selected is in the
// cache line the selection read (open_nodes.cpp says why). With count_to 0 it counts nothing.
class OpenNodes {
 public:
  static constexpr int kMostCounted = 3;
  explicit OpenNodes(int n, int count_to = 0);
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
  // Counting only (count_to above 0): j's parents so far, and one more (its count must be below
  // count_to), true when that makes count_to. Neither opens nor closes j.
  int parents(int j) const;
  bool add_parent(int j);

 private:
  static constexpr std::size_t kBlockWords = 16;
  void flip(int j, int delta);
  // select's two halves: the tree's descent (the block and the rank left in it), then the block.
  std::size_t descend(int& k) const;
  int in_block(std::size_t block, int k) const;
  // A word's record: its open bits, then when counting its nodes' counts' low and high bits.
  std::uint64_t* record(std::size_t word) { return words_.data() + first_ + word * stride_; }
  const std::uint64_t* record(std::size_t word) const { return words_.data() + first_ + word * stride_; }
  std::vector<std::uint64_t> words_;       // the records, whole blocks of words; no nodes past n - 1
  std::size_t stride_;                     // 1, or 3 when counting: a record's words
  std::size_t first_ = 0;                  // words_'s first record, at the start of a cache line
  int count_to_;
  std::vector<std::uint8_t> word_counts_;  // set bits of each word (at most 64)
  std::vector<int> tree_;  // Fenwick tree over the blocks' counts, 1-based, then INT_MAX up to 2 top_
  std::size_t size_;       // the tree's own nodes (1 + blocks), those before the INT_MAX ones
  std::size_t top_ = 1;    // highest power of two below size_
  int total_;
};

}  // namespace mpnsim
