// A progress bar on standard error, shown only when it is a terminal.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

namespace mpnsim {

class ProgressBar {
 public:
  ProgressBar(std::string label, std::size_t total, bool enabled);
  ~ProgressBar();
  void advance();  // thread-safe; redraws at most ~10 times a second

 private:
  void draw(std::size_t done);
  std::string label_;
  std::size_t total_;
  bool enabled_;
  std::atomic<std::size_t> done_{0};
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_draw_{};
};

// True when standard error is a terminal (and so a bar makes sense).
bool stderr_is_terminal();

}  // namespace mpnsim
