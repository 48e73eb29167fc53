// The open-node set over words of bits.
//
// Why words: at 10^5 nodes the tree holds 1 563 counts (6 KB) and the bits 12 KB, all in the
// first-level cache, where a Fenwick tree of one flag per node (400 KB, 17 levels) missed it at
// every level: it was a tenth of `mpnsim dag --generate` on 10^5 tasks (300 000 tasks with
// HEFT on two processors, mostly generation: 1.11 -> 0.84 s).
#include "workloads/dag/open_nodes.hpp"

#include <array>
#include <bit>
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

OpenNodes::OpenNodes(int n)
    : bits_((static_cast<std::size_t>(n) + 63) / 64, ~std::uint64_t{0}),
      tree_(bits_.size() + 1, 0),
      size_(tree_.size()),
      total_(n) {
  if (n % 64 != 0) bits_.back() = (std::uint64_t{1} << (n % 64)) - 1;  // no nodes past n - 1
  for (std::size_t w = 1; w <= bits_.size(); ++w) {
    tree_[w] += std::popcount(bits_[w - 1]);
    if (const std::size_t parent = w + lowest_bit(w); parent < tree_.size()) tree_[parent] += tree_[w];
  }
  while (top_ * 2 < size_) top_ *= 2;
  tree_.resize(2 * top_, INT_MAX);  // select's descent reaches at most 2 top_ - 1
}

int OpenNodes::count_through(int i) const {
  const auto word = static_cast<std::size_t>(i) / 64;
  int c = 0;
  for (std::size_t x = word; x > 0; x -= lowest_bit(x)) c += tree_[x];  // the words before i's
  const unsigned bit = static_cast<unsigned>(i) % 64;
  const std::uint64_t through = bit == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (bit + 1)) - 1;
  return c + std::popcount(bits_[word] & through);
}

int OpenNodes::select(int k) const {
  // Down the tree from its top power of two: a node's count is taken when it is at most k. The
  // choice is made with a mask, not a branch (it went either way at random, a mispredict
  // every other level; written as a plain condition, the compiler kept the branch); nodes
  // past the tree's end read as INT_MAX, never taken.
  std::size_t words = 0;  // whole words before the node's
  for (std::size_t step = top_; step > 0; step /= 2) {
    const int count = tree_[words + step];
    const std::size_t take = 0 - static_cast<std::size_t>(count <= k);  // all ones, or none
    words += step & take;
    k -= count & static_cast<int>(take);
  }
  return static_cast<int>(words * 64) + select_bit(bits_[words], k);
}

void OpenNodes::flip(int j, int delta) {
  total_ += delta;
  bits_[static_cast<std::size_t>(j) / 64] ^= std::uint64_t{1} << (static_cast<unsigned>(j) % 64);
  for (std::size_t x = static_cast<std::size_t>(j) / 64 + 1; x < size_; x += lowest_bit(x)) tree_[x] += delta;
}

}  // namespace mpnsim
