// The "after" list of a plan action: a few indices, held inline without an allocation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace mpnsim {

// Most actions wait for one or two others (their data's arrival, the previous
// send on a port), so two indices are kept inline; longer lists move to the
// heap. A plan of 10^6 actions then makes no allocation for them, where a
// std::vector<int> would make 10^6. Same footprint as a vector: 24 bytes.
class DependencyList {
 public:
  DependencyList() = default;
  DependencyList(std::initializer_list<int> items) {
    for (int x : items) push_back(x);
  }
  DependencyList(const std::vector<int>& items) {  // NOLINT: implicit, as the vectors it replaces
    for (int x : items) push_back(x);
  }
  DependencyList(const DependencyList& other) { *this = other; }
  DependencyList(DependencyList&& other) noexcept { *this = std::move(other); }
  DependencyList& operator=(const DependencyList& other) {
    if (this == &other) return *this;
    size_ = 0;
    for (int x : other) push_back(x);
    return *this;
  }
  DependencyList& operator=(DependencyList&& other) noexcept {
    if (this == &other) return *this;
    heap_ = std::move(other.heap_);
    capacity_ = other.capacity_;
    size_ = other.size_;
    std::copy(other.inline_, other.inline_ + kInline, inline_);
    other.size_ = 0;
    other.capacity_ = kInline;
    return *this;
  }

  void push_back(int x) {
    if (size_ == capacity_) grow();
    data()[size_++] = x;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int operator[](std::size_t i) const { return data()[i]; }
  const int* begin() const { return data(); }
  const int* end() const { return data() + size_; }

 private:
  static constexpr std::uint32_t kInline = 2;
  int* data() { return heap_ ? heap_.get() : inline_; }
  const int* data() const { return heap_ ? heap_.get() : inline_; }
  void grow() {
    const std::uint32_t capacity = capacity_ * 2;
    auto bigger = std::make_unique<int[]>(capacity);
    std::copy(begin(), end(), bigger.get());
    heap_ = std::move(bigger);
    capacity_ = capacity;
  }

  int inline_[kInline] = {0, 0};
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInline;
  std::unique_ptr<int[]> heap_;
};

}  // namespace mpnsim
