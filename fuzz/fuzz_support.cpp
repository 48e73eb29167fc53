// The accepted-input counter shared by a fuzz target and its driver (one process, one counter).
#include "fuzz/fuzz_support.hpp"

#include <atomic>

namespace mpnsim::fuzz {

namespace {
std::atomic<std::uint64_t> accepted{0};
}  // namespace

void note_accepted() { accepted.fetch_add(1, std::memory_order_relaxed); }
std::uint64_t accepted_count() { return accepted.load(std::memory_order_relaxed); }

}  // namespace mpnsim::fuzz
