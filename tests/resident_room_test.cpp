// The room under the peak resident set: what an unmapped block gave back, less what is taken again.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>

#include <sys/mman.h>

#include "schedulers/dag/resident_room.hpp"

namespace mpnsim {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Pages mapped and written here, apart from malloc: a freed block may be kept by malloc (and a
// later one served from it), which would hide what the test looks at.
class Touched {
 public:
  explicit Touched(std::size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT_NE(p, MAP_FAILED);
    if (p == MAP_FAILED) return;
    block_ = p;
    std::memset(block_, 1, bytes);
  }
  Touched(const Touched&) = delete;
  Touched& operator=(const Touched&) = delete;
  ~Touched() { release(); }
  void release() {
    if (block_ != nullptr) munmap(block_, bytes_);
    block_ = nullptr;
  }

 private:
  std::size_t bytes_;
  void* block_ = nullptr;
};

TEST(ResidentRoom, AnUnmappedBlockLeavesRoomThatALaterBlockTakes) {
  Touched(64 * kMiB).release();
  const std::size_t after_release = resident_room_bytes();
  EXPECT_GE(after_release, 60 * kMiB);
  Touched again(32 * kMiB);
  const std::size_t after_taking = resident_room_bytes();
  EXPECT_LE(after_taking + 30 * kMiB, after_release);
  // Past the room, the peak moves with what is resident: no room is left.
  Touched beyond(after_taking + 32 * kMiB);
  EXPECT_LE(resident_room_bytes(), 4 * kMiB);
}

}  // namespace
}  // namespace mpnsim
