// The room under the peak resident set: what a freed block gave back, less what is taken again.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <memory>

#include "schedulers/dag/resident_room.hpp"

namespace mpnsim {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// A block of `bytes`, every page written, so that it is resident.
std::unique_ptr<char[]> touched(std::size_t bytes) {
  auto block = std::make_unique<char[]>(bytes);
  std::memset(block.get(), 1, bytes);
  return block;
}

TEST(ResidentRoom, AFreedBlockLeavesRoomThatALaterBlockTakes) {
  // 64 MiB is mapped apart from the heap (by malloc and by the executables' operator new), so
  // freeing it gives its pages back; the peak keeps them.
  touched(64 * kMiB).reset();
  const std::size_t after_free = resident_room_bytes();
  EXPECT_GE(after_free, 60 * kMiB);
  const auto again = touched(32 * kMiB);
  const std::size_t after_taking = resident_room_bytes();
  EXPECT_LE(after_taking + 30 * kMiB, after_free);
  EXPECT_GE(after_taking, 24 * kMiB);  // the rest of the freed block's room
}

}  // namespace
}  // namespace mpnsim
