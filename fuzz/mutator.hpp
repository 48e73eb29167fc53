// Deterministic mutations of text inputs for the portable fuzz driver (no coverage guidance).
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace mpnsim::fuzz {

// Mutates inputs of text formats (DOT, STG, tree files, YAML, JSON). Without coverage feedback
// the mutations lean on what breaks text readers: structure characters, numbers at the edges
// of their types (2^31, 2^32, 2^63, 1e308, subnormals, exponents), long repeats of a chunk
// (deep nesting, huge counts), splices between corpus files. Same rng state, same output.
class Mutator {
 public:
  explicit Mutator(std::size_t max_len) : max_len_(max_len) {}

  // One to eight stacked mutations of `base`; `others` (the pool) feeds splices.
  std::string mutate(const std::string& base, const std::vector<std::string>& others, std::mt19937_64& rng) const;

 private:
  void mutate_once(std::string& s, const std::vector<std::string>& others, std::mt19937_64& rng) const;
  std::size_t max_len_;
};

}  // namespace mpnsim::fuzz
