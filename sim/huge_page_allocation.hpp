// Transparent huge pages for large blocks: the operator new every mpnsim executable links in
// (the object library mpnsim_huge_pages; huge_page_allocation.cpp says why).
#pragma once

#include <cstddef>

namespace mpnsim {

// Blocks of this size and more are advised to the kernel as huge pages.
inline constexpr std::size_t kHugePageBlockBytes = std::size_t{2} << 20;

// True when this executable's operator new gives the advice: it is linked in, the platform has
// madvise(MADV_HUGEPAGE), and no AddressSanitizer runtime supplies its own operator new. Whether
// the kernel then maps huge pages is its own setting (/sys/kernel/mm/transparent_hugepage).
bool huge_page_allocation_active();

}  // namespace mpnsim
