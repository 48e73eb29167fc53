// Seeds derived from the base seed and the point, so results do not depend on --jobs.
#pragma once

#include <cstdint>
#include <string_view>

namespace mpnsim {

// SplitMix64 finaliser: a bijective mix of 64 bits.
inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// FNV-1a over the point's label ("key=value, ..."): the seed follows the
// point's parameters, not its position, so adding sweep values elsewhere does
// not change it.
inline std::uint64_t point_seed(std::uint64_t base, std::string_view point_label, int repetition) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : point_label) h = (h ^ c) * 0x100000001b3ULL;
  return mix64(mix64(base ^ mix64(h)) + static_cast<std::uint64_t>(repetition));
}

}  // namespace mpnsim
