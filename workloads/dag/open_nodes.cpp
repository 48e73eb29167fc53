// The open-node set over words of bits, grouped in blocks of words counted by a Fenwick tree.
//
// Why words: at 10^5 nodes the tree holds 1 563 counts (6 KB) and the bits 12 KB, all in the
// first-level cache, where a Fenwick tree of one flag per node (400 KB, 17 levels) missed it at
// every level: it was a tenth of `mpnsim dag --generate` on 10^5 tasks (300 000 tasks with
// HEFT on two processors, mostly generation: 1.11 -> 0.84 s).
//
// Why blocks: a child is drawn anywhere among the later nodes, so a selection's last steps are
// reads nothing else made near. With the tree over words, at 10^7 nodes (156 000 words: 625 KB
// of tree, 1.25 MB of bits) a selection read about eight cache lines of the tree's lower levels
// and one of bits, most of them evicted between two selections by the graph the generator writes
// meanwhile (perf: `select` half of the generator, 245 ns a selection, where 10^6 nodes fit in
// the second-level cache). Over blocks of 16 words the tree is 16 times smaller (64 KB at 10^7
// nodes, touched by every selection, so it stays cached), and a selection reads at random one
// line of word counts (a byte a word: 16 bytes a block) and one of bits.
//
// Why the parent counts beside the bits (max_in up to 3, the default 3 among them): the
// generator then read each child's count from a byte array anywhere in 10 MB at 10^7 tasks,
// after its selection, and whether the child closes decides the next node's draws, so that
// read's miss was waited for once a node (76 % of the generator's own loop's samples). In the
// selected word's record it is in a line the selection has already brought in.
#include "workloads/dag/open_nodes.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <climits>

namespace mpnsim {

namespace {

std::size_t lowest_bit(std::size_t x) { return x & (~x + 1); }

// select_bit's last step: kInByte[bits][k] is the place of the (k+1)-th set bit of the byte
// `bits` (k below its count; 0 elsewhere). 2 KB, made by the compiler.
constexpr auto kInByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned bits = 0; bits < 256; ++bits) {
    int k = 0;
    for (unsigned place = 0; place < 8; ++place)
      if (bits >> place & 1U) table[bits][static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(place);
  }
  return table;
}();

// The place of the (k+1)-th set bit of `word` (k below its count): each byte's count, summed
// across the bytes by one multiplication; the byte is the number of those sums at or below k,
// found for all eight bytes at once; then the place within the byte from a table. No branch
// depends on the bits: a word here is mostly set, and clearing its bits one by one took 32
// steps on average, and a loop over the bytes and the byte's bits mispredicted its exit at
// nearly every call (callgrind's branch simulation, `mpnsim dag --generate` at 10^5 tasks).
int select_bit(std::uint64_t word, int k) {
  constexpr std::uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  std::uint64_t s = word - ((word >> 1) & 0x5555555555555555);
  s = (s & 0x3333333333333333) + ((s >> 2) & 0x3333333333333333);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0F;
  const std::uint64_t through = s * kOnes;  // byte i: the set bits of bytes 0..i (at most 64)
  // A byte's high bit stays set in (k | 0x80) - through_i, with no borrow into the next byte,
  // exactly when through_i <= k (both at most 64); the sums grow with i, so those bytes are
  // the first ones, and their count is the byte that holds the bit.
  const std::uint64_t at_or_below = ((static_cast<std::uint64_t>(k) * kOnes | kHighs) - through) & kHighs;
  const unsigned byte = static_cast<unsigned>(((at_or_below >> 7) * kOnes) >> 56);
  k -= static_cast<int>(((through << 8) >> (8 * byte)) & 0xFF);  // the set bits before the byte
  const std::uint64_t bits = (word >> (8 * byte)) & 0xFF;
  return static_cast<int>(8 * byte) + kInByte[bits][static_cast<std::size_t>(k)];
}

}  // namespace

OpenNodes::OpenNodes(int n, int count_to)
    : stride_(count_to > 0 ? 3 : 1),
      count_to_(count_to),
      word_counts_(((static_cast<std::size_t>(n) + 63) / 64 + kBlockWords - 1) / kBlockWords * kBlockWords, 0),
      tree_(word_counts_.size() / kBlockWords + 1, 0),
      size_(tree_.size()),
      total_(n) {
  assert(count_to >= 0 && count_to <= kMostCounted);
  // Seven words more, so that the first record can start a cache line: a block's records are
  // then whole lines (128 or 384 bytes), all asked for by descend.
  const std::size_t words = word_counts_.size();
  words_.assign(words * stride_ + 7, 0);
  first_ = (64 - reinterpret_cast<std::uintptr_t>(words_.data()) % 64) % 64 / sizeof(std::uint64_t);
  const auto nodes = static_cast<std::size_t>(n);
  for (std::size_t w = 0; w < nodes / 64; ++w) record(w)[0] = ~std::uint64_t{0};
  if (nodes % 64 != 0) record(nodes / 64)[0] = (std::uint64_t{1} << (nodes % 64)) - 1;  // no nodes past n - 1
  for (std::size_t w = 0; w < words; ++w) {
    word_counts_[w] = static_cast<std::uint8_t>(std::popcount(record(w)[0]));
    tree_[w / kBlockWords + 1] += word_counts_[w];
  }
  for (std::size_t b = 1; b < tree_.size(); ++b)
    if (const std::size_t parent = b + lowest_bit(b); parent < tree_.size()) tree_[parent] += tree_[b];
  while (top_ * 2 < size_) top_ *= 2;
  tree_.resize(2 * top_, INT_MAX);  // select's descent reaches at most 2 top_ - 1
}

int OpenNodes::count_through(int i) const {
  const auto word = static_cast<std::size_t>(i) / 64;
  const std::size_t block = word / kBlockWords;
  int c = 0;
  for (std::size_t x = block; x > 0; x -= lowest_bit(x)) c += tree_[x];  // the blocks before i's
  for (std::size_t w = block * kBlockWords; w < word; ++w) c += word_counts_[w];
  const unsigned bit = static_cast<unsigned>(i) % 64;
  const std::uint64_t through = bit == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (bit + 1)) - 1;
  return c + std::popcount(record(word)[0] & through);
}

std::size_t OpenNodes::descend(int& k) const {
  // Down the tree from its top power of two: a node's count is taken when it is at most k. The
  // choice is made with a mask, not a branch (it went either way at random, a mispredict
  // every other level; written as a plain condition, the compiler kept the branch); nodes
  // past the tree's end read as INT_MAX, never taken.
  std::size_t blocks = 0;  // whole blocks before the node's
  for (std::size_t step = top_; step > 0; step /= 2) {
    const int count = tree_[blocks + step];
    const std::size_t take = 0 - static_cast<std::size_t>(count <= k);  // all ones, or none
    blocks += step & take;
    k -= count & static_cast<int>(take);
  }
  // The block's records (two cache lines of bits, or six of bits and parent counts) are asked
  // for now, so that they come while its word counts are read rather than after (perf at 10^7
  // nodes: the word's read was 40 % of `select`, waiting behind the counts' own).
  const std::uint64_t* records = record(blocks * kBlockWords);
  for (std::size_t line = 0; line < kBlockWords * stride_; line += 8) __builtin_prefetch(records + line);
  return blocks;
}

int OpenNodes::in_block(std::size_t blocks, int k) const {
  // The block's words, by the descent's rule: the words whose counts, summed from the block's
  // first, stay at most k come before the one that holds the node; all sixteen are looked at,
  // without a branch on their counts.
  const std::uint8_t* counts = word_counts_.data() + blocks * kBlockWords;
  std::size_t word = 0;
  int through = 0, before = 0;
  for (std::size_t w = 0; w < kBlockWords; ++w) {
    through += counts[w];
    const int behind = static_cast<int>(through <= k);
    word += static_cast<std::size_t>(behind);
    before += counts[w] & (0 - behind);
  }
  word += blocks * kBlockWords;
  return static_cast<int>(word * 64) + select_bit(record(word)[0], k - before);
}

int OpenNodes::select(int k) const {
  const std::size_t blocks = descend(k);
  return in_block(blocks, k);
}

void OpenNodes::select_each(const int* ranks, int* nodes, int count) const {
  // All descents first (the tree is cached), each asking for its block's bits, then all blocks:
  // the blocks' counts and bits, lines anywhere in the set, are then read while the others come,
  // where one selection after the other waited for each in turn (the generator's children of
  // one node are drawn before any is picked, dag_generator.cpp).
  std::size_t blocks[kMostAtOnce];
  int left[kMostAtOnce];
  for (int m = 0; m < count; ++m) {
    left[m] = ranks[m];
    blocks[m] = descend(left[m]);
    __builtin_prefetch(word_counts_.data() + blocks[m] * kBlockWords);
  }
  for (int m = 0; m < count; ++m) nodes[m] = in_block(blocks[m], left[m]);
}

void OpenNodes::flip(int j, int delta) {
  total_ += delta;
  const std::size_t word = static_cast<std::size_t>(j) / 64;
  record(word)[0] ^= std::uint64_t{1} << (static_cast<unsigned>(j) % 64);
  word_counts_[word] = static_cast<std::uint8_t>(word_counts_[word] + delta);
  for (std::size_t x = word / kBlockWords + 1; x < size_; x += lowest_bit(x)) tree_[x] += delta;
}

// A count in two bit planes beside the open bits: low bits in a record's second word, high bits
// in its third. One more parent: the low bit flips, and a low bit that was set carries into the
// high bit (a count below count_to, at most 3, is at most 2 before: no carry out of the high bit).
int OpenNodes::parents(int j) const {
  assert(count_to_ > 0);
  const std::uint64_t* r = record(static_cast<std::size_t>(j) / 64);
  const unsigned bit = static_cast<unsigned>(j) % 64;
  return static_cast<int>((r[1] >> bit & 1) | (r[2] >> bit & 1) << 1);
}

bool OpenNodes::add_parent(int j) {
  assert(count_to_ > 0 && parents(j) < count_to_);
  std::uint64_t* r = record(static_cast<std::size_t>(j) / 64);
  const unsigned bit = static_cast<unsigned>(j) % 64;
  const std::uint64_t mask = std::uint64_t{1} << bit;
  r[2] ^= r[1] & mask;
  r[1] ^= mask;
  return static_cast<int>((r[1] >> bit & 1) | (r[2] >> bit & 1) << 1) == count_to_;
}

}  // namespace mpnsim
