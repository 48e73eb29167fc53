// Terminal progress bar for sweeps.
#include "experiments/output/progress_bar.hpp"

#include <cstdio>
#include <unistd.h>

namespace mpnsim {

bool stderr_is_terminal() { return isatty(fileno(stderr)) != 0; }

ProgressBar::ProgressBar(std::string label, std::size_t total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled && total > 0) {
  if (enabled_) draw(0);
}

ProgressBar::~ProgressBar() {
  if (enabled_) {
    draw(done_.load());
    std::fputc('\n', stderr);
  }
}

void ProgressBar::advance() {
  const std::size_t done = ++done_;
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (done != total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  draw(done);
}

void ProgressBar::draw(std::size_t done) {
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * done / total_);
  std::fprintf(stderr, "\r%s [%.*s%*s] %zu/%zu", label_.c_str(), filled,
               "##############################", kWidth - filled, "", done, total_);
  std::fflush(stderr);
}

}  // namespace mpnsim
