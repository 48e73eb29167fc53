// The process's interruption flag.
#include "sim/interruption.hpp"

namespace mpnsim {

std::atomic<bool>& interruption_requested() {
  static std::atomic<bool> flag{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
  return flag;
}

}  // namespace mpnsim
