// How much more memory the process can take before its peak resident set grows.
#pragma once

#include <cstddef>

namespace mpnsim {

// The process's peak resident set so far less the part resident now, in bytes; 0 where the
// system does not say (no /proc). A phase that takes no more than this for a while leaves the
// run's peak where an earlier phase put it: the conflict estimate sizes its groups of hops with
// it (dag_metrics.hpp).
std::size_t resident_room_bytes();

}  // namespace mpnsim
