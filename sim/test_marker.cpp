// The MPNSIM_TEST_MARKER file of the Ctrl-C tests.
#include "sim/test_marker.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace mpnsim {

void write_test_marker() {
  static std::atomic<bool> written{false};
  const char* path = std::getenv("MPNSIM_TEST_MARKER");
  if (!path || !*path || written.exchange(true)) return;
  // O_EXCL and O_NOFOLLOW: never write through a name that exists (a link above all).
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd >= 0) ::close(fd);
}

}  // namespace mpnsim
