// The open-node set over words of bits.
//
// Why words: at 10^5 nodes the tree holds 1 563 counts (6 KB) and the bits 12 KB, all in the
// first-level cache, where a Fenwick tree of one flag per node (400 KB, 17 levels) missed it at
// every level: it was a tenth of `mpnsim dag --generate` on 10^5 tasks (300 000 tasks with
// HEFT on two processors, mostly generation: 1.11 -> 0.84 s).
#include "workloads/dag/open_nodes.hpp"

#include <bit>

namespace mpnsim {

namespace {

std::size_t lowest_bit(std::size_t x) { return x & (~x + 1); }

// The place of the (k+1)-th set bit of `word` (k below its count): each byte's count, summed
// across the bytes by one multiplication, finds the byte; then the byte's bits, one by one.
// A word here is mostly set, and clearing its bits one by one took 32 steps on average.
int select_bit(std::uint64_t word, int k) {
  std::uint64_t s = word - ((word >> 1) & 0x5555555555555555);
  s = (s & 0x3333333333333333) + ((s >> 2) & 0x3333333333333333);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0F;
  const std::uint64_t through = s * 0x0101010101010101;  // byte i: the set bits of bytes 0..i
  int byte = 0;
  while (static_cast<int>((through >> (8 * byte)) & 0xFF) <= k) ++byte;
  if (byte > 0) k -= static_cast<int>((through >> (8 * (byte - 1))) & 0xFF);
  std::uint64_t bits = (word >> (8 * byte)) & 0xFF;
  for (; k > 0; --k) bits &= bits - 1;
  return 8 * byte + std::countr_zero(bits);
}

}  // namespace

OpenNodes::OpenNodes(int n)
    : bits_((static_cast<std::size_t>(n) + 63) / 64, ~std::uint64_t{0}), tree_(bits_.size() + 1, 0), total_(n) {
  if (n % 64 != 0) bits_.back() = (std::uint64_t{1} << (n % 64)) - 1;  // no nodes past n - 1
  for (std::size_t w = 1; w <= bits_.size(); ++w) {
    tree_[w] += std::popcount(bits_[w - 1]);
    if (const std::size_t parent = w + lowest_bit(w); parent < tree_.size()) tree_[parent] += tree_[w];
  }
  while (top_ * 2 < tree_.size()) top_ *= 2;
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
  std::size_t words = 0;  // whole words before the node's
  for (std::size_t step = top_; step > 0; step /= 2) {
    const std::size_t next = words + step;
    if (next < tree_.size() && tree_[next] <= k) {
      words = next;
      k -= tree_[next];
    }
  }
  return static_cast<int>(words * 64) + select_bit(bits_[words], k);
}

void OpenNodes::flip(int j, int delta) {
  total_ += delta;
  bits_[static_cast<std::size_t>(j) / 64] ^= std::uint64_t{1} << (static_cast<unsigned>(j) % 64);
  for (std::size_t x = static_cast<std::size_t>(j) / 64 + 1; x < tree_.size(); x += lowest_bit(x)) tree_[x] += delta;
}

}  // namespace mpnsim
