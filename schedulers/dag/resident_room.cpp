// The room under the process's peak resident set: getrusage's peak less /proc/self/statm's resident pages.
#include "schedulers/dag/resident_room.hpp"

#include <cstdio>

#include <sys/resource.h>
#include <unistd.h>

namespace mpnsim {

std::size_t resident_room_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0 || usage.ru_maxrss <= 0) return 0;
  const auto peak = static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // Linux gives kilobytes
  // statm: the mapping's size, then the resident pages.
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return 0;
  unsigned long size = 0, resident = 0;
  const bool read = std::fscanf(statm, "%lu %lu", &size, &resident) == 2;
  std::fclose(statm);
  const long page = sysconf(_SC_PAGESIZE);
  if (!read || page <= 0) return 0;
  const std::size_t now = static_cast<std::size_t>(resident) * static_cast<std::size_t>(page);
  return peak > now ? peak - now : 0;
}

}  // namespace mpnsim
