// The mpnsim executables' operator new: large blocks are backed by transparent huge pages.
//
// Why: a big run's arrays (a million processors' records, the links, the timeline) are written
// once, soon after they are allocated, so the process spends much of its time in first-touch
// page faults, each of one 4 KiB page (31 % of `mpnsim dlt` at d = 16, more on a virtual
// machine). Debian's kernels give huge pages only where a program asks for them
// (transparent_hugepage=madvise), and glibc asks only when an environment variable tells it to
// (GLIBC_TUNABLES=glibc.malloc.hugetlb=1). So blocks of kHugePageBlockBytes (2 MiB) and more
// advise the kernel themselves, and so does the main heap as malloc grows it: one fault then
// maps 2 MiB, and the TLB covers 512 times more of the records a run jumps between. At most one
// partly used huge page is added per large block and one at the heap's top. Measured in the
// same minutes: `mpnsim dlt` at d = 16 0.43 s -> 0.13 s, `mpnsim dag` of 10^5 tasks
// 0.95 s -> 0.49 s, the same bytes out.
//
// Allocation itself stays malloc's (the default operator delete frees it), so only the
// throwing single-object new is replaced; the library's array and nothrow forms call it.
// Under AddressSanitizer the sanitizer's own operator new is kept.
#include "sim/huge_page_allocation.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define MPNSIM_KEEP_DEFAULT_NEW 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MPNSIM_KEEP_DEFAULT_NEW 1
#endif
#endif

#if !defined(MPNSIM_KEEP_DEFAULT_NEW) && defined(MADV_HUGEPAGE)

namespace {

constexpr std::uintptr_t kHugePageBytes = std::uintptr_t{2} << 20;

std::uintptr_t round_down(std::uintptr_t a) { return a & ~(kHugePageBytes - 1); }
std::uintptr_t round_up(std::uintptr_t a) { return round_down(a + kHugePageBytes - 1); }

// Only whole huge pages of memory malloc owns: advice never reaches anything else. A refusal
// (an old kernel, huge pages turned off) only leaves the default 4 KiB pages.
void advise(std::uintptr_t first, std::uintptr_t last) {
  if (last > first) (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

// Small blocks come from the main heap, which malloc grows with brk: each time it has grown
// by a huge page, the new whole huge pages are advised. (Threads other than the first get their
// own arenas and keep 4 KiB pages.) Races only advise a range twice, which is harmless.
std::atomic<std::uintptr_t> heap_advised{0};

void advise_heap_growth() {
  const auto top = round_down(reinterpret_cast<std::uintptr_t>(sbrk(0)));  // sbrk(0) makes no system call
  std::uintptr_t done = heap_advised.load(std::memory_order_relaxed);
  if (done == 0) {  // the first block: what the heap holds already stays as it is
    heap_advised.compare_exchange_strong(done, top, std::memory_order_relaxed);
    return;
  }
  if (top <= done) return;  // not grown by a whole huge page (or trimmed since)
  if (heap_advised.compare_exchange_strong(done, top, std::memory_order_relaxed)) advise(done, top);
}

// malloc's settings. The heap grows by kHeapStepBytes at a time, so that most of each step is
// still untouched when it is advised (a huge page is given only where none of its 4 KiB pages
// is mapped yet); unused, a step costs address space, not memory. Setting the step turns off
// malloc's moving threshold between heap and mmap blocks, so the threshold is set too: blocks
// from kMmapBlockBytes on get fresh pages of their own, advised, and go back when freed; smaller
// ones are reused from the heap. Measured on the DAG replay of 10^5 tasks, repeated: 4 MiB took
// 86 k page faults, 8 MiB 24 k (and 20 % less time), for 9 % more peak memory in `mpnsim dag`;
// 32 MiB no fewer faults and 18 % more memory.
constexpr int kHeapStepBytes = 32 << 20;
constexpr int kMmapBlockBytes = 8 << 20;
[[maybe_unused]] const bool malloc_set =
    mallopt(M_TOP_PAD, kHeapStepBytes) == 1 && mallopt(M_MMAP_THRESHOLD, kMmapBlockBytes) == 1;

}  // namespace

void* operator new(std::size_t size) {
  void* block;
  while ((block = std::malloc(size == 0 ? 1 : size)) == nullptr) {
    // As the default operator new does: the new-handler may free memory, or throw.
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
  if (size >= mpnsim::kHugePageBlockBytes) {
    const auto begin = reinterpret_cast<std::uintptr_t>(block);
    advise(round_up(begin), round_down(begin + size));
  } else {
    advise_heap_growth();
  }
  return block;
}

void operator delete(void* block) noexcept { std::free(block); }
void operator delete(void* block, std::size_t) noexcept { std::free(block); }

bool mpnsim::huge_page_allocation_active() { return true; }

#else

bool mpnsim::huge_page_allocation_active() { return false; }

#endif
