// The callable of an engine event or of a machine operation's completion: runs once, 24 bytes.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace mpnsim {

// A move-only `void()` callable that is run at most once. Nearly every
// callback of the engine and the machine captures an object pointer and an
// index: such callables (trivially copyable, at most 16 bytes) are kept
// inline, so that making, moving and running one never allocates and a move
// is a copy of 24 bytes; anything larger lives on the heap. std::function
// takes 32 bytes and two indirect calls (run, then destroy) for the same job,
// and the event queue holds one per pending event.
class Callback {
 public:
  Callback() = default;
  Callback(std::nullptr_t) {}  // NOLINT: "no callback", as with std::function

  template <class F, class D = std::decay_t<F>>
    requires(!std::same_as<D, Callback> && !std::same_as<D, std::nullptr_t> && std::invocable<D&>)
  Callback(F&& f) {  // NOLINT: implicit, so that lambdas convert as they do to std::function
    if constexpr (kInline<D>) {
      // Made in a scratch pair of words and stored a word at a time (see take()).
      alignas(8) std::byte made[sizeof storage_] = {};
      ::new (static_cast<void*>(made)) D(std::forward<F>(f));
      std::uint64_t low, high;
      std::memcpy(&low, made, 8);
      std::memcpy(&high, made + 8, 8);
      store_words(low, high);
      handler_ = &handle_inline<D>;
    } else {
      D* heap = new D(std::forward<F>(f));
      std::memcpy(storage_, &heap, sizeof heap);
      handler_ = &handle_heap<D>;
    }
  }

  Callback(Callback&& other) noexcept { take(other); }
  Callback& operator=(Callback&& other) noexcept {
    if (this != &other) {
      reset();
      take(other);
    }
    return *this;
  }
  Callback(const Callback&) = delete;
  Callback& operator=(const Callback&) = delete;
  ~Callback() { reset(); }

  explicit operator bool() const { return handler_ != nullptr; }

  // Runs the callable (if any) and leaves this Callback empty. The Callback
  // must outlive the call: an inline callable runs in place.
  void run() {
    if (Handler h = std::exchange(handler_, nullptr)) h(storage_, Mode::run);
  }

  void reset() {
    if (Handler h = std::exchange(handler_, nullptr)) h(storage_, Mode::discard);
  }

 private:
  enum class Mode { run, discard };
  using Handler = void (*)(std::byte* storage, Mode mode);

  template <class D>
  static constexpr bool kInline = std::is_trivially_copyable_v<D> && sizeof(D) <= 16 && alignof(D) <= 8;

  template <class D>
  static void handle_inline(std::byte* storage, Mode mode) {
    // Trivially copyable, hence trivially destructible: discarding is a no-op.
    if (mode == Mode::run) (*std::launder(reinterpret_cast<D*>(storage)))();
  }
  template <class D>
  static void handle_heap(std::byte* storage, Mode mode) {
    D* raw;
    std::memcpy(&raw, storage, sizeof raw);
    const std::unique_ptr<D> owned(raw);  // freed after the call, even if it throws
    if (mode == Mode::run) (*owned)();
  }

  // The storage is written and read as two 8-byte words, never as one 16-byte vector: a load
  // that spans two earlier stores (a pointer and an index written apart, read by one vector
  // load) cannot take its bytes from the store buffer and waits for both stores to retire.
  void store_words(std::uint64_t low, std::uint64_t high) {
    // Kept in general registers: otherwise the two words are merged into one vector move.
    __asm__("" : "+r"(low), "+r"(high));
    std::memcpy(storage_, &low, 8);
    std::memcpy(storage_ + 8, &high, 8);
  }
  void take(Callback& other) {
    std::uint64_t low, high;
    std::memcpy(&low, other.storage_, 8);
    std::memcpy(&high, other.storage_ + 8, 8);
    store_words(low, high);
    handler_ = std::exchange(other.handler_, nullptr);
  }

  alignas(8) std::byte storage_[16] = {};  // zeroed: a move copies all 16 bytes, used or not
  Handler handler_ = nullptr;
};

}  // namespace mpnsim
