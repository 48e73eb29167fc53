// The callable of an engine event or of a machine operation's completion: runs once, 24 bytes.
#pragma once

#include <concepts>
#include <cstddef>
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
      ::new (static_cast<void*>(storage_)) D(std::forward<F>(f));
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

  void take(Callback& other) {
    std::memcpy(storage_, other.storage_, sizeof storage_);
    handler_ = std::exchange(other.handler_, nullptr);
  }

  alignas(8) std::byte storage_[16] = {};  // zeroed: a move copies all 16 bytes, used or not
  Handler handler_ = nullptr;
};

}  // namespace mpnsim
