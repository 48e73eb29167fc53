// An array on pages of its own, for scratch that lives only while a file is read.
//
// Why: the readers' check lists (each task's processor, each edge's ends) are allocated
// between the arrays the players keep, and freed when reading ends. From malloc's heap they
// would leave holes there, touched memory the player's later arrays do not fit into, and
// 1.5 MB of the 10^5-task DAG player's peak was such holes. Pages of their own go back to the
// system when freed.
#pragma once

#include <cstddef>
#include <new>
#include <span>
#include <type_traits>

#include <sys/mman.h>

// Plain C++ on purpose: the SimGrid player includes this without linking mpnsim.
namespace mpnsim::bench {

template <class T>
class ScratchPages {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  // count elements, zero bits (fresh anonymous pages).
  explicit ScratchPages(std::size_t count) : count_(count) {
    if (count == 0) return;
    if (count > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
    void* pages = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<T*>(pages);
  }
  ~ScratchPages() {
    if (data_) munmap(data_, bytes());
  }
  ScratchPages(const ScratchPages&) = delete;
  ScratchPages& operator=(const ScratchPages&) = delete;

  std::size_t size() const { return count_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + count_; }

 private:
  std::size_t bytes() const { return count_ * sizeof(T); }
  std::size_t count_ = 0;
  T* data_ = nullptr;
};

}  // namespace mpnsim::bench
