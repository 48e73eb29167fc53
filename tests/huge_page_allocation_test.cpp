// The executables' operator new advises huge pages for large blocks and for the heap's growth.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "sim/huge_page_allocation.hpp"

namespace mpnsim {
namespace {

// The VmFlags of the mapping that holds `address` (from /proc/self/smaps), or "" if none does.
std::string mapping_flags(const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= a && a < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

bool advised(const void* address) { return mapping_flags(address).find(" hg") != std::string::npos; }

const void* first_whole_huge_page(const void* block) {
  const auto a = reinterpret_cast<std::uintptr_t>(block);
  return reinterpret_cast<const void*>((a + kHugePageBlockBytes - 1) & ~(kHugePageBlockBytes - 1));
}

// Why the advice cannot be seen here, or "" (GTEST_SKIP must be in the test itself to end it).
std::string why_not_active() {
  if (!huge_page_allocation_active()) return "this build keeps the default operator new (AddressSanitizer)";
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled"))
    return "this kernel has no transparent huge pages";
  return "";
}

TEST(HugePageAllocation, LargeBlocksAreAdvised) {
  if (const std::string why = why_not_active(); !why.empty()) GTEST_SKIP() << why;
  // 8 MiB: at least three whole huge pages inside, whatever malloc's alignment.
  const auto large = std::make_unique<std::byte[]>(std::size_t{8} << 20);
  EXPECT_TRUE(advised(first_whole_huge_page(large.get()))) << mapping_flags(first_whole_huge_page(large.get()));
  large[0] = std::byte{1};  // used, and still ours to free
}

TEST(HugePageAllocation, TheHeapIsAdvisedAsItGrows) {
  if (const std::string why = why_not_active(); !why.empty()) GTEST_SKIP() << why;
  // 96 MiB of 1 KiB blocks, on the main heap: a block from the second half lies in a step of the
  // heap that was advised when the heap grew into it.
  std::vector<std::unique_ptr<std::byte[]>> blocks;
  for (int i = 0; i < 96 * 1024; ++i) blocks.push_back(std::make_unique<std::byte[]>(1024));
  const void* late = blocks[blocks.size() * 3 / 4].get();
  EXPECT_TRUE(advised(late)) << mapping_flags(late);
}

}  // namespace
}  // namespace mpnsim
