// Points of a sweep from their index: mixed-radix digits over the block's axes.
#include "experiments/config/sweep_points.hpp"

#include <stdexcept>

namespace mpnsim {

std::string SweepPoint::label() const {
  std::string out;
  for (const auto& a : assignments) out += (out.empty() ? "" : ", ") + a.key + "=" + a.text;
  return out;
}

Assignment SweepAxis::assignment(std::uint64_t i, int block) const {
  if (range) {
    std::string t = range->value(i);
    return Assignment{key, YAML::Node(t), t, entry, block, -1, true};
  }
  if (listed.empty()) return Assignment{key, entry, single_text, entry, block, -1, false};
  return Assignment{key, listed[i], texts[i], entry, block, static_cast<int>(i), from_pattern};
}

std::uint64_t SweepBlock::size() const {
  std::uint64_t n = 1;
  for (const auto& a : axes) n *= a.size();  // bounded when the block was read
  return n;
}

SweepPoints::SweepPoints(std::vector<SweepBlock> blocks) : blocks_(std::move(blocks)), total_(0) {
  for (const auto& b : blocks_) total_ += b.size();
  if (blocks_.empty()) total_ = 1;
}

SweepPoint SweepPoints::at(std::size_t block, const std::vector<std::uint64_t>& indices) const {
  const SweepBlock& b = blocks_.at(block);
  SweepPoint p;
  p.assignments.reserve(b.axes.size());
  for (std::size_t k = 0; k < b.axes.size(); ++k) p.assignments.push_back(b.axes[k].assignment(indices.at(k), b.index));
  return p;
}

SweepPoint SweepPoints::operator[](std::size_t i) const {
  if (i >= total_) throw std::out_of_range("sweep point index out of range");
  if (blocks_.empty()) return SweepPoint{};
  std::size_t b = 0;
  while (i >= blocks_[b].size()) i -= blocks_[b++].size();
  const SweepBlock& block = blocks_[b];
  // The first key varies slowest: its digit is the most significant.
  std::vector<std::uint64_t> digits(block.axes.size());
  std::uint64_t rest = i;
  for (std::size_t k = block.axes.size(); k-- > 0;) {
    const std::uint64_t n = block.axes[k].size();
    digits[k] = rest % n;
    rest /= n;
  }
  return at(b, digits);
}

}  // namespace mpnsim
