// The points of a sweep, made one at a time from its blocks: counted, indexed, never all expanded.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/sweep_range.hpp"

namespace mpnsim {

// One value a sweep gives to one key. `value` keeps its position in the file
// where it has one; `origin` is the sweep entry it came from, for errors.
struct Assignment {
  std::string key;   // dotted path, e.g. "topology.depth"
  YAML::Node value;
  std::string text;  // as written in the CSV
  YAML::Node origin;
  // Where the value stands in the file, so that each point can take it from a
  // fresh parse: sweep block (-1: the sweep is a single mapping), position in
  // the key's list (-1: the entry itself), and whether it was made rather than
  // written (by a range or a file pattern): then `text` is the value.
  int block = -1;
  int index = -1;
  bool generated = false;
};

struct SweepPoint {
  std::vector<Assignment> assignments;
  std::string label() const;  // "topology.depth=3, machine.link.z=0.1"
};

// One key of a sweep block and its values: a list, a range, or one value.
struct SweepAxis {
  std::string key;
  YAML::Node entry;                  // the entry as written
  std::vector<YAML::Node> listed;    // list elements, or the files a pattern matched (empty for a range or a single value)
  bool from_pattern = false;         // `listed` comes from `{files: PATTERN}`
  std::vector<std::string> texts;    // their CSV text, parallel to `listed`
  std::optional<SweepRange> range;
  std::string single_text;           // the text of a single value
  std::uint64_t count = 1;           // how many values: known before the texts are made

  std::uint64_t size() const { return count; }
  Assignment assignment(std::uint64_t i, int block) const;
};

// A block: the cartesian product of its axes, the first varying slowest.
struct SweepBlock {
  std::vector<SweepAxis> axes;
  int index = -1;  // position in the sweep's list of blocks (-1: the sweep is one mapping)
  std::uint64_t size() const;
};

// Every point of an experiment: the union of its blocks' products, in order.
// Points are made on demand from their index, so a sweep of 10^6 points costs
// its blocks, not 10^6 vectors of assignments.
class SweepPoints {
 public:
  SweepPoints() = default;  // nothing swept: one point without assignments
  explicit SweepPoints(std::vector<SweepBlock> blocks);

  std::size_t size() const { return total_; }
  bool empty() const { return total_ == 0; }
  SweepPoint operator[](std::size_t i) const;
  // The point of block `block` whose axis k takes its value number indices[k].
  SweepPoint at(std::size_t block, const std::vector<std::uint64_t>& indices) const;
  const std::vector<SweepBlock>& blocks() const { return blocks_; }

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = SweepPoint;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = SweepPoint;
    iterator(const SweepPoints* points, std::size_t i) : points_(points), i_(i) {}
    SweepPoint operator*() const { return (*points_)[i_]; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const iterator& o) const { return i_ == o.i_; }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    const SweepPoints* points_;
    std::size_t i_;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, total_}; }

 private:
  std::vector<SweepBlock> blocks_;
  std::size_t total_ = 1;
};

}  // namespace mpnsim
